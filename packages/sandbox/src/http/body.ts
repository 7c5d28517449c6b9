/** A body read to its end, or why it was not. */
export type BodyText =
  | { ok: true; text: string }
  | { ok: false; problem: "too-large"; limit: number }
  | { ok: false; problem: "broken"; message: string };

/**
 * After a body is refused as too large, at most this much more of it is read and dropped (never kept), so that a
 * client that sent a little too much finishes sending and reads the 413; past it the stream is cancelled, which
 * closes the connection. Go's net/http does the same with 256 KiB after a handler returns.
 */
export const DRAIN_BYTES = 4 * 1024 * 1024;

/**
 * Reads a request's body as text, `limit` bytes at most. A body that crosses the limit is refused there: nothing
 * more is kept, so a 200 MB body costs at most `limit` bytes of memory, not 200 MB. A `Content-Length` over the
 * limit is refused before a byte is kept. Either way up to {@link DRAIN_BYTES} more are read and dropped in the
 * background while the refusal is answered, then the stream is cancelled.
 */
export async function readBodyText(request: Request, limit: number): Promise<BodyText> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > limit) {
    if (request.body) drain(request.body.getReader(), Number(declared.trim()) <= limit + DRAIN_BYTES);
    return { ok: false, problem: "too-large", limit };
  }
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        drain(reader, true);
        return { ok: false, problem: "too-large", limit };
      }
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    return { ok: false, problem: "broken", message: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, text: Buffer.concat(chunks, size).toString("utf8") };
}

/** Reads and drops up to DRAIN_BYTES of what is left (when `worth` it), then cancels the stream. */
function drain(reader: ReadableStreamDefaultReader<Uint8Array>, worth: boolean): void {
  void (async () => {
    let dropped = 0;
    while (worth && dropped <= DRAIN_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
    await reader.cancel();
  })().catch(() => {});
}

/** How many bytes `limit` is, for messages: "1 MiB". */
export function describeBytes(limit: number): string {
  return limit % (1024 * 1024) === 0 ? `${limit / (1024 * 1024)} MiB` : `${limit} bytes`;
}
