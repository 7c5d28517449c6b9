import { MAX_UPLOAD_BYTES, UploadError } from "@studio-kit/upload";
import { formatBytes } from "./sizes.js";

/** What the platform takes (spec, the UploadCategory table), in the words a person knows the formats by. */
const FORMATS =
  "an image (JPEG, PNG, WebP, AVIF, SVG), a video (MP4, WebM, MOV, AVI) or audio (MP3, WAV, OGG, AAC, M4A, FLAC)";

const KIND_OF: Readonly<Record<string, string>> = {
  UGC_IMAGE: "images",
  AI_IMAGE_REFERENCE: "reference images",
  VIDEO: "videos",
  AUDIO: "audio",
};

/** The file-system error codes a person can act on, and what to do about each. */
const FILE_PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: "no such file; check the path.",
  ENOTDIR: "no such file (a part of the path is not a folder); check the path.",
  EACCES: "cannot be read (permission denied); check its permissions.",
  EPERM: "cannot be read (operation not permitted); check its permissions.",
  EISDIR: "is a folder, not a file; name the files in it (studio upload folder/*).",
  ENOTFILE: "is not a regular file (a device, a pipe or a socket); save it to a file first.",
};

/**
 * Why a file cannot be uploaded and what to do, in one line that follows its name (`notes.txt: ...`): a
 * file-system error by its code, an upload rule by the `UploadError` code `inspectUpload` threw.
 */
export function refusal(error: unknown): string {
  if (error instanceof UploadError) return ruleRefusal(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && FILE_PROBLEMS[code]) return FILE_PROBLEMS[code];
  return `cannot be read: ${error instanceof Error ? error.message : String(error)}`;
}

function ruleRefusal(error: UploadError): string {
  switch (error.code) {
    case "FILE_EMPTY":
      return "the file is empty (0 bytes); an upload is 1 byte to 256 MiB.";
    case "FILE_TOO_LARGE":
      return (
        `${formatBytes(error.size ?? 0)} is over the upload limit of ${formatBytes(MAX_UPLOAD_BYTES)}; ` +
        "send a shorter or more compressed file."
      );
    case "CONTENT_TYPE_UNKNOWN":
      return `cannot tell its type from its bytes or its name; upload ${FORMATS}, named with its extension.`;
    case "UNSUPPORTED_CONTENT_TYPE":
      if (!error.contentType) {
        return `cannot tell its type from its bytes or its name; upload ${FORMATS}, named with its extension.`;
      }
      if (!error.category) return `${error.contentType} is not a type the platform takes; upload ${FORMATS}.`;
      return (
        `${error.contentType} is not allowed for ${KIND_OF[error.category] ?? error.category} ` +
        `(allowed: ${(error.allowed ?? []).join(", ")}); convert it to one of those first.`
      );
    default:
      return error.message.replace(/^@studio-kit\/upload: /, "");
  }
}
