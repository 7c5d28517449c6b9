#!/usr/bin/env node
// One uploading process of the benchmark (see upload.bench.mjs): warms up with a
// small upload, waits for its memory to settle, then runs one measured task and
// prints {seconds, cpuSeconds, growth, typename} as JSON. A process of its own per
// measurement, so that no run inherits memory another run left behind.
//
//   node bench/uploader.mjs <upload-form|upload-put|read-file> <path> <warm-up path> [url] [apiKey]

import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [task, path, warmUpPath, url, apiKey] = process.argv.slice(2);
const MiB = 1024 * 1024;
const rss = () => process.memoryUsage.rss();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const { uploadFile } = await import(join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "index.js"));
const { createStudioClient } = await import("@studio-kit/core");

let run;
if (task === "read-file") {
  await readFile(warmUpPath);
  run = async () => ({ typename: "none", bytes: (await readFile(path)).byteLength });
} else {
  const transfer = task === "upload-put" ? "put" : "form";
  const client = createStudioClient({ apiKey, baseUrl: url });
  await uploadFile(client, { path: warmUpPath, contentType: "video/mp4", transfer });
  run = async () => {
    const { asset } = await uploadFile(client, { path, contentType: "video/mp4", transfer });
    return { typename: asset?.__typename ?? "none" };
  };
}

// Settled: RSS within 1 MiB over 200 ms (at most 3 s). A fresh process was seen to grow
// ~20 MiB in the 60 ms after its first request; that is start-up, not the upload.
const samples = [];
for (const deadline = Date.now() + 3000; Date.now() < deadline; await sleep(25)) {
  samples.push(rss());
  const recent = samples.slice(-8);
  if (recent.length === 8 && Math.max(...recent) - Math.min(...recent) < MiB) break;
}
const baseline = rss();
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, rss());
}, 5);
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await run();
const seconds = (performance.now() - started) / 1000;
// User and system time of every thread of this process (the thread pool's reads included).
const cpuUsed = process.cpuUsage(cpuBefore);
clearInterval(sampler);
peak = Math.max(peak, rss());
const cpuSeconds = (cpuUsed.user + cpuUsed.system) / 1e6;
process.stdout.write(`${JSON.stringify({ ...result, seconds, cpuSeconds, growth: peak - baseline })}\n`);
