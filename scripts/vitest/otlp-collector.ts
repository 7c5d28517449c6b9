// An OTLP/HTTP collector for the tests of traces sent by a process (the bot's, the CLI's): an HTTP server on
// loopback keeping the bodies posted to /v1/traces (OTLP/JSON), answering each with an empty success, or with the
// `status` it was started with (a collector that refuses: 500).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface OtlpCollector {
  /** What to set OTEL_EXPORTER_OTLP_ENDPOINT to. */
  url: string;
  /** Each body received at /v1/traces, in order. */
  bodies: string[];
  close(): Promise<void>;
}

/** Starts a collector on a free loopback port; `status` (default 200) is what it answers every request with. */
export async function startOtlpCollector(options: { status?: number } = {}): Promise<OtlpCollector> {
  const status = options.status ?? 200;
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (req.url === "/v1/traces") bodies.push(body);
      res.writeHead(status, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
