import type { UploadCategory } from "@studio-kit/operations";
import { fileTypeFromBuffer } from "file-type";
import mime from "mime-types";

/** How many leading bytes file-type needs to recognise every format it knows (its documented sample size). */
export const SNIFF_BYTES = 4100;

// file-type's spelling of a type, where the spec's table spells it otherwise
// (or where the spec's word is the useful one: an Ogg stream of unknown codec).
const SNIFFED_ALIASES: Readonly<Record<string, string>> = {
  "video/vnd.avi": "video/x-msvideo",
  "video/matroska": "video/x-matroska",
  "application/ogg": "audio/ogg",
};

// Containers that carry sound as well as pictures. Their bytes say "video", but
// in an AUDIO upload they hold audio, and the spec allows them under audio/.
const AUDIO_CONTAINERS: Readonly<Record<string, string>> = {
  "video/mp4": "audio/mp4",
  "video/webm": "audio/webm",
  "video/ogg": "audio/ogg",
};

/** `Image/PNG; charset=x` to `image/png`: media types are case-insensitive (RFC 9110 8.3.1), parameters are not part of the type. */
export function normalizeContentType(value: string): string {
  return (value.split(";")[0] ?? "").trim().toLowerCase();
}

/** The content type the leading bytes show, in the spec's spelling; undefined when they are not a format file-type knows. */
export async function sniffContentType(head: Uint8Array): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(head);
  return found ? (SNIFFED_ALIASES[found.mime] ?? found.mime) : undefined;
}

/** The content type a file name suggests, or undefined. */
export function contentTypeOfName(filename: string | undefined): string | undefined {
  if (!filename) return undefined;
  const found = mime.lookup(filename);
  return found === false ? undefined : found;
}

/** A sniffed type as the category would name it: an mp4 or webm container in an AUDIO upload is audio. */
export function asCategoryType(contentType: string, category: UploadCategory | undefined): string {
  return category === "AUDIO" ? (AUDIO_CONTAINERS[contentType] ?? contentType) : contentType;
}

/** A file name for a content type when the source has none: `upload.png`. */
export function defaultFilename(contentType: string): string {
  const extension = mime.extension(contentType);
  return extension ? `upload.${extension}` : "upload";
}
