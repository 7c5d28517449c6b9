// A slow-upload fault reads the body no faster than a rate: the bytes are passed
// on in slices of a twentieth of a second's worth, each after its share of time.
// Reads are pulled, so over HTTP the client's sends back up as on a slow link.

/** Waits real milliseconds; injectable for tests of the throttle itself. */
export type Sleep = (ms: number) => Promise<void>;

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `body`, read at no more than `bytesPerSecond`. */
export function throttle(
  body: ReadableStream<Uint8Array>,
  bytesPerSecond: number,
  sleep: Sleep = realSleep,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const slice = Math.max(1, Math.floor(bytesPerSecond / 20));
  let pending: Uint8Array = new Uint8Array(0);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pending.byteLength === 0) {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            return;
          }
          pending = value;
        }
        const piece = pending.subarray(0, slice);
        pending = pending.subarray(piece.byteLength);
        await sleep((piece.byteLength / bytesPerSecond) * 1000);
        controller.enqueue(piece);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/** A copy of `request` whose body is read at no more than `bytesPerSecond`. */
export function throttled(request: Request, bytesPerSecond: number, sleep?: Sleep): Request {
  if (!request.body) return request;
  const init: RequestInit & { duplex: "half" } = {
    method: request.method,
    headers: request.headers,
    body: throttle(request.body, bytesPerSecond, sleep),
    signal: request.signal,
    duplex: "half",
  };
  return new Request(request.url, init);
}
