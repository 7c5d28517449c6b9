import type { UploadedAsset } from "@studio-kit/upload";
import { table } from "../table.js";
import type { UploadOutcome } from "./send.js";
import { formatBytes } from "./sizes.js";

/** One registered file in the `--json` document. */
export interface UploadedEntry {
  /** The path as given on the command line. */
  file: string;
  fileId: string;
  /** The registered Image, Video or Audio as the platform returned it (`__typename`, `id`, ...), without its URLs. */
  asset: PrintedAsset | null;
  /** "image", "video" or "audio": the card kind `--board` places it as. */
  kind: string;
  contentType: string;
  category: string;
  size: number;
}

/** The board `--board` put the uploads on. */
export interface BoardEntry {
  id: string;
  title: string | null;
  conversationId: string | null;
  created: boolean;
  cardIds: string[];
}

/** What `studio upload --json` prints. */
export interface UploadDocument {
  uploads: UploadedEntry[];
  /** Files that were not uploaded, with the reason (empty when all were). */
  failed: { file: string; code: string | null; message: string }[];
  board?: BoardEntry;
}

/** An uploaded asset as printed: every field but its (signed) URLs. */
export type PrintedAsset = Pick<UploadedAsset, "__typename" | "id"> & Record<string, unknown>;

/**
 * The asset without `url`, `downloadUrl`, `videoUrl`, ...: they are signed, and CLI output ends up in CI logs
 * (decision 0011: no signed URL is printed; the printer's redaction would leave only a useless stub anyway).
 */
function withoutUrls(asset: UploadedAsset): PrintedAsset {
  return Object.fromEntries(
    Object.entries(asset).filter(([key]) => key !== "url" && !key.endsWith("Url")),
  ) as PrintedAsset;
}

const kindOf = (asset: UploadedAsset | null, category: string) =>
  (asset?.__typename ?? (category === "VIDEO" ? "Video" : category === "AUDIO" ? "Audio" : "Image")).toLowerCase();

/** One line for a file that failed: the package's message without its prefix (the file is named before it). */
export const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/^@studio-kit\/[a-z-]+: /, "");

const codeOf = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
};

/** The `--json` document of the outcomes (and the board, when one was used). */
export function uploadDocument(outcomes: readonly UploadOutcome[], board?: BoardEntry): UploadDocument {
  const uploads: UploadedEntry[] = [];
  const failed: UploadDocument["failed"] = [];
  for (const outcome of outcomes) {
    const { file, contentType, category, size } = outcome.file;
    if ("result" in outcome) {
      const { fileId, asset } = outcome.result;
      uploads.push({
        file,
        fileId,
        asset: asset && withoutUrls(asset),
        kind: kindOf(asset, category),
        contentType,
        category,
        size,
      });
    } else {
      failed.push({ file, code: codeOf(outcome.error), message: reasonOf(outcome.error) });
    }
  }
  return board ? { uploads, failed, board } : { uploads, failed };
}

/** The human result: a table of what was uploaded, then where it was put. Failures go to stderr as the error. */
export function uploadText(doc: UploadDocument): string {
  const lines: string[] = [];
  if (doc.uploads.length) {
    lines.push(
      table(
        ["FILE", "KIND", "ASSET ID", "SIZE"],
        doc.uploads.map((entry) => [entry.file, entry.kind, entry.asset?.id, formatBytes(entry.size)]),
      ),
    );
  }
  if (doc.board) {
    const count = doc.board.cardIds.length;
    const created = doc.board.created ? " (created)" : "";
    lines.push(
      `Put ${count} ${count === 1 ? "card" : "cards"} on board "${doc.board.title ?? doc.board.id}"${created}.`,
    );
  }
  return lines.join("\n");
}

/**
 * What did not happen, one line each for the error on stderr: the files that were not uploaded and why, and the
 * board the uploads did not reach. Empty when everything was done.
 */
export function shortfall(
  doc: UploadDocument,
  total: number,
  board: { title?: string | undefined; error?: unknown },
): string[] {
  const lines: string[] = [];
  if (doc.failed.length) {
    lines.push(
      doc.uploads.length
        ? `${doc.uploads.length} of ${total} files uploaded; these were not:`
        : "No file was uploaded:",
      ...doc.failed.map((failure) => `${failure.file}: ${failure.message}`),
    );
  }
  if (board.title && !doc.board && doc.uploads.length) {
    const why = board.error === undefined ? "" : `: ${reasonOf(board.error)}`;
    lines.push(`The uploads are in the library but not on board "${board.title}"${why}`);
  }
  return lines;
}
