// Measures the server's memory when it is sent oversized bodies (issue 27, point 4: a 50 MB /graphql body was read
// whole before the 413, RSS +170 MB; 200 MB: +670 MB). Starts the built CLI on a free port, sends each body as a
// stream, and prints the server's resident memory (VmRSS) and its peak (VmHWM) from /proc (Linux) before and after.
//
//   node packages/sandbox/scripts/measure-body-limit.mjs [cli]
//
// `cli` (default ../dist/cli.js) is the build to measure, so an older build can be compared with this one.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL(process.argv[2] ?? "../dist/cli.js", import.meta.url));
const child = spawn(process.execPath, [cli, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const [line] = await createInterface({ input: child.stdout })
  [Symbol.asyncIterator]()
  .next()
  .then((r) => [r.value]);
const { url, apiKey } = JSON.parse(line);
const MB = 1024 * 1024;

const memory = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const field = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
  return { rssMb: field("VmRSS"), peakMb: field("VmHWM") };
};

async function send(path, total) {
  let pulled = 0;
  const piece = new Uint8Array(64 * 1024).fill(0x20);
  const body = new ReadableStream({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += piece.length;
      controller.enqueue(piece);
    },
  });
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  let status;
  try {
    const response = await fetch(`${url}${path}`, { method: "POST", body, headers, duplex: "half" });
    status = response.status;
    await response.arrayBuffer();
  } catch (error) {
    status = `connection closed (${error.cause?.code ?? error.message})`;
  }
  return { status, pulledMb: Math.round(pulled / MB) };
}

const before = memory();
console.log(JSON.stringify({ step: "started", ...before }));
for (const [path, size] of [
  ["/graphql", 50 * MB],
  ["/graphql", 200 * MB],
  ["/__sandbox/faults", 50 * MB],
]) {
  const result = await send(path, size);
  const after = memory();
  console.log(
    JSON.stringify({
      step: `${path} ${size / MB} MB`,
      ...result,
      ...after,
      rssGrowthMb: after.rssMb - before.rssMb,
      peakGrowthMb: after.peakMb - before.peakMb,
    }),
  );
}
const answering = await fetch(`${url}/__sandbox/clock`);
console.log(JSON.stringify({ step: "still answering", status: answering.status }));
child.kill("SIGTERM");
