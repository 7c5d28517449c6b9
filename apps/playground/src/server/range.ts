// HTTP byte ranges (RFC 9110 14.1.2) for the file endpoint: <audio> and <video> ask for `bytes=N-` to seek, and
// Chromium plays media without range support only from the start. One range per request, which is all browsers
// ask for media; a multi-range request gets the whole file (a server may ignore Range, RFC 9110 14.2).

/** The bytes to send: `{ start, end }` inclusive; `undefined` for the whole file; `"unsatisfiable"` for 416. */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
