// What Slack says about a file's type, from its name. Slack derives the mimetype from the bytes and the name; the
// sim reads the name only, so a test decides the type by naming the file (or passing `mimetype`).
// `filetype` and `pretty_type` are Slack's short and human names (https://api.slack.com/types/file#types).

interface Kind {
  mimetype: string;
  filetype: string;
  prettyType: string;
}

const KINDS: Record<string, Kind> = {
  png: { mimetype: "image/png", filetype: "png", prettyType: "PNG" },
  jpg: { mimetype: "image/jpeg", filetype: "jpg", prettyType: "JPEG" },
  jpeg: { mimetype: "image/jpeg", filetype: "jpg", prettyType: "JPEG" },
  gif: { mimetype: "image/gif", filetype: "gif", prettyType: "GIF" },
  webp: { mimetype: "image/webp", filetype: "webp", prettyType: "WebP" },
  svg: { mimetype: "image/svg+xml", filetype: "svg", prettyType: "SVG" },
  txt: { mimetype: "text/plain", filetype: "text", prettyType: "Plain Text" },
  json: { mimetype: "application/json", filetype: "json", prettyType: "JSON" },
  csv: { mimetype: "text/csv", filetype: "csv", prettyType: "CSV" },
  pdf: { mimetype: "application/pdf", filetype: "pdf", prettyType: "PDF" },
  zip: { mimetype: "application/zip", filetype: "zip", prettyType: "Zip" },
  mp4: { mimetype: "video/mp4", filetype: "mp4", prettyType: "MPEG 4 Video" },
  mov: { mimetype: "video/quicktime", filetype: "mov", prettyType: "QuickTime Movie" },
  webm: { mimetype: "video/webm", filetype: "webm", prettyType: "WebM" },
  mp3: { mimetype: "audio/mpeg", filetype: "mp3", prettyType: "MP3" },
  wav: { mimetype: "audio/wav", filetype: "wav", prettyType: "WAV" },
};

const BINARY: Kind = { mimetype: "application/octet-stream", filetype: "binary", prettyType: "Binary" };

/** Slack's mimetype, filetype and pretty type for a file name; unknown extensions are Slack's `binary`. */
export function kindOf(name: string): Kind {
  return KINDS[name.split(".").pop()?.toLowerCase() ?? ""] ?? BINARY;
}

/** Slack's mimetype for a file name. */
export const mimetypeOf = (name: string): string => kindOf(name).mimetype;
