#!/usr/bin/env node
// Benchmark of @studio-kit/upload: one 256 MiB file uploaded to the sandbox over
// loopback HTTP, both ways (signed form, signed PUT). For each it reports the
// uploading process's peak RSS growth and its throughput, beside curl sending the
// same file to the same endpoint in the same run. Run with `pnpm bench` (turbo
// builds first) or, after `pnpm build`, `node bench/upload.bench.mjs`.
//
// Method: the sandbox runs in a child process, and every measured upload in a
// fresh uploading process of its own (bench/uploader.mjs), so that RSS is the
// uploader's alone and no run inherits memory another run left behind. That
// process first uploads 1 MiB (loading its code), waits for its RSS to settle,
// then samples RSS every 5 ms during `uploadFile`; the growth reported is the
// highest sample minus that baseline. As a control, reading the same file into
// memory (fs.readFile) is measured the same way. curl streams the file from disk
// (-T for the PUT, -F "file=@..." for the form) to a freshly signed upload.
//
// Each way runs RUNS times, alternating: uploadFile, then curl on the same
// endpoint, so that a burst of other work on the machine lands on both sides of
// a pair. Each pair gives a ratio (curl's time / uploadFile's); the median ratio
// is what is judged, printed with the spread (lowest to highest). One lucky run
// on a shared 2-core machine proves little.
//
// Goals, each printed as met or missed; the exit code is 1 when one is missed
// or cannot be checked (no curl): each way's median ratio at >= 0.9x curl's
// throughput, and peak RSS growth under 32 MiB for both ways. The
// sandbox's MD5 of every byte (its ETag) sets curl's pace; uploadFile needs
// about as long for its own work per chunk, so other work on the machine slows
// it more than curl.

import { spawn } from "node:child_process";
import { randomFillSync } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const MiB = 1024 * 1024;
const SIZE = 256 * MiB;
const RUNS = 5;
const GOAL_MIB = 32;
const GOAL_RATIO = 0.9;

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist", "index.js");
const require = createRequire(import.meta.url);
const sandboxCli = join(dirname(require.resolve("@studio-kit/sandbox/package.json")), "dist", "cli.js");
for (const built of [dist, sandboxCli]) {
  if (!existsSync(built)) {
    console.error(`upload bench: ${built} is missing: run \`pnpm bench\` (it builds first) or \`pnpm build\`.`);
    process.exit(1);
  }
}
const { createStudioClient } = await import("@studio-kit/core");
const { CreateSignedUploadUrlDocument } = await import("@studio-kit/operations");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const mib = (bytes) => (bytes / MiB).toFixed(1);

function writeTestFile(path, size) {
  const chunk = randomFillSync(Buffer.alloc(MiB));
  const fd = openSync(path, "w");
  try {
    for (let written = 0; written < size; written += MiB) writeSync(fd, chunk, 0, Math.min(MiB, size - written));
  } finally {
    closeSync(fd);
  }
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (data) => {
      out += data;
    });
    child.stderr.on("data", (data) => {
      err += data;
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${err}`))));
  });
}

/** One measured task in a fresh uploading process: {seconds, cpuSeconds, growth, typename}. */
async function inUploader(task, path, warmUpPath, ready) {
  const uploader = join(here, "uploader.mjs");
  const args = [uploader, task, path, warmUpPath, ...(ready ? [ready.url, ready.apiKey] : [])];
  return JSON.parse(await run(process.execPath, args));
}

/** curl sends the file to a freshly signed upload, streaming it from disk (-T, -F "file=@..."). */
async function curlUpload(client, workspaceId, path, way) {
  const { createSignedUploadUrl: signed } = await client.request(CreateSignedUploadUrlDocument, {
    category: "VIDEO",
    filename: "bench.mp4",
    contentType: "video/mp4",
    workspaceId,
  });
  const common = ["-sS", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", "-H", "Expect:"];
  const args =
    way === "put"
      ? [
          ...common,
          "-T",
          path,
          ...Object.entries(signed.requiredHeaders).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
          signed.signedUrl,
        ]
      : [
          ...common,
          ...Object.entries(signed.uploadForm.fields).flatMap(([name, value]) => ["--form-string", `${name}=${value}`]),
          "-F",
          `file=@${path};type=video/mp4;filename=bench.mp4`,
          signed.uploadForm.url,
        ];
  // curl's own transfer time (no process start-up); uploadFile's time also includes signing and registering.
  const [status, seconds] = (await run("curl", args)).split(" ");
  if (!status?.startsWith("2")) throw new Error(`curl ${way}: the storage answered ${status}`);
  return Number(seconds);
}

const work = mkdtempSync(join(tmpdir(), "upload-bench-"));

/**
 * Deletes the bytes the sandbox stored (under its `studio-sandbox-*` folder in `work`) once a run is measured. Kept,
 * twenty uploads of 256 MiB left gigabytes of dirty pages for the kernel to write back while later runs were timed:
 * whichever way ran second was the slower one (PUT 0.70x and form 0.92x run in that order; form 0.76x and PUT
 * 0.92x the other way round). A deleted file's dirty pages are dropped, not written.
 */
function forgetStoredBytes() {
  for (const entry of readdirSync(work)) {
    if (!entry.startsWith("studio-sandbox-")) continue;
    for (const stored of readdirSync(join(work, entry), { recursive: true, withFileTypes: true })) {
      if (stored.isFile()) rmSync(join(stored.parentPath ?? stored.path, stored.name), { force: true });
    }
  }
}
const file = join(work, "bench-256MiB.mp4");
let sandbox;
try {
  writeTestFile(file, SIZE);
  // The sandbox's stored uploads go under `work` too (its temp dir), so all of it is removed at the end.
  sandbox = spawn(process.execPath, [sandboxCli, "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, TMPDIR: work },
  });
  const ready = JSON.parse(
    await new Promise((resolve) => createInterface({ input: sandbox.stdout }).once("line", resolve)),
  );
  const client = createStudioClient({ apiKey: ready.apiKey, baseUrl: ready.url });
  const workspaceId = await client.workspaceId();
  const warmUp = join(work, "warm-up.mp4");
  writeTestFile(warmUp, MiB);
  // Without curl the bench still measures uploadFile, and says why the comparison is missing.
  const hasCurl = await curlUpload(client, workspaceId, warmUp, "put").then(
    () => true,
    (error) => {
      if (error.code !== "ENOENT") throw error;
      return false;
    },
  );

  const rows = ["form", "put"].map((way) => ({ way, seconds: [], cpu: [], growth: 0, curlSeconds: [] }));
  // Round by round, both ways in each round: whatever the machine is doing then lands on both ways alike.
  for (let i = 0; i < RUNS; i += 1) {
    for (const row of rows) {
      const { way } = row;
      const upload = await inUploader(`upload-${way}`, file, warmUp, ready);
      if (upload.typename !== "Video") throw new Error(`uploadFile ${way}: no Video was registered`);
      row.seconds.push(upload.seconds);
      row.cpu.push(upload.cpuSeconds);
      row.growth = Math.max(row.growth, upload.growth);
      forgetStoredBytes();
      if (!hasCurl) continue;
      const curlSeconds = await curlUpload(client, workspaceId, file, way);
      forgetStoredBytes();
      row.curlSeconds.push(curlSeconds);
    }
  }
  // Each pair's ratio: curl's time over uploadFile's in the same round.
  for (const row of rows) row.ratios = row.curlSeconds.map((curlSeconds, i) => curlSeconds / row.seconds[i]);
  const control = await inUploader("read-file", file, warmUp);

  const rate = (seconds) => `${(SIZE / MiB / seconds).toFixed(0)} MiB/s`;
  const pad = (text, width) => String(text).padEnd(width);
  const spread = (values, digits, unit = "") =>
    `${Math.min(...values).toFixed(digits)}${unit}-${Math.max(...values).toFixed(digits)}${unit}`;
  console.log(
    `@studio-kit/upload bench: one 256 MiB file to the sandbox over loopback HTTP ` +
      `(Node ${process.version}, ${process.platform} ${process.arch}, ${cpus().length} CPUs; ${RUNS} runs each, ` +
      "uploadFile and curl alternating: medians, the ratio's spread, the highest RSS growth)",
  );
  console.log(
    `${pad("way", 6)}${pad("uploadFile", 22)}${pad("its CPU", 9)}${pad("peak RSS growth", 17)}` +
      `${pad("curl", 22)}uploadFile / curl: median (spread)`,
  );
  for (const row of rows) {
    const seconds = median(row.seconds);
    const curlSeconds = hasCurl ? median(row.curlSeconds) : 0;
    console.log(
      `${pad(row.way, 6)}${pad(`${seconds.toFixed(2)} s ${rate(seconds)}`, 22)}` +
        `${pad(`${median(row.cpu).toFixed(2)} s`, 9)}${pad(`${mib(row.growth)} MiB`, 17)}` +
        (hasCurl
          ? `${pad(`${curlSeconds.toFixed(2)} s ${rate(curlSeconds)}`, 22)}` +
            `${median(row.ratios).toFixed(2)}x (${spread(row.ratios, 2, "x")})`
          : `${pad("n/a (no curl on PATH)", 22)}n/a`),
    );
  }
  if (hasCurl) {
    for (const row of rows)
      console.log(`${row.way} runs, in order: ${row.ratios.map((r) => `${r.toFixed(2)}x`).join(", ")}`);
  }
  let fastEnough = hasCurl;
  for (const row of rows) {
    const ratio = hasCurl ? median(row.ratios) : 0;
    if (ratio < GOAL_RATIO) fastEnough = false;
    console.log(
      `goal: ${row.way} uploadFile at >= ${GOAL_RATIO}x curl (median): ` +
        (hasCurl
          ? `${ratio >= GOAL_RATIO ? "met" : "missed"} (${ratio.toFixed(2)}x)`
          : "missed: not checked, no curl on the PATH"),
    );
  }
  const worst = Math.max(...rows.map((row) => row.growth));
  const smallEnough = worst < GOAL_MIB * MiB;
  console.log(
    `goal: peak RSS growth under ${GOAL_MIB} MiB: ${smallEnough ? "met" : "missed"} (worst ${mib(worst)} MiB)`,
  );
  console.log(`control: reading the file into memory (fs.readFile) grew RSS by ${mib(control.growth)} MiB`);
  if (!fastEnough || !smallEnough) process.exitCode = 1;
} finally {
  if (sandbox && sandbox.exitCode === null) {
    const exited = new Promise((resolve) => sandbox.once("exit", resolve));
    sandbox.kill("SIGTERM");
    await Promise.race([exited, sleep(5000)]);
  }
  rmSync(work, { recursive: true, force: true });
}
