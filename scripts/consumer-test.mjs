#!/usr/bin/env node
// The consumer test: installs the published packages the way another internal app gets them, with nothing
// from the workspace. Each published package is built and packed with `pnpm pack` (which turns `workspace:^`
// into real versions); a scratch project in the OS temp directory, outside the workspace, installs the
// tarballs with plain npm; there
//   1. `tsc --strict` type-checks scripts/consumer/smoke.mts (the public API, shipped declarations included)
//      and commonjs.cts (a TypeScript CommonJS consumer), and compiles them;
//   2. the sandbox is started from the installed tarball's CLI (`studio-sandbox`), and smoke.mts runs against
//      it: credits, an image generated and waited for with the poller, a PNG uploaded, both put on a new board,
//      the board's cards read back;
//   3. tracing.mjs shows core working without its optional peer @opentelemetry/api (not installed: no span, no
//      traceparent), then, with the API and the SDK installed and a provider registered, its span recorded and its
//      traceparent in the sandbox's journal;
//   4. `npx studio --sandbox credits` runs the CLI's installed bin with no key;
//   5. require.cjs require()s every package from CommonJS, and commonjs.cts's output runs;
//   5b. mcp.mts: the SDK's own Client lists and calls the tools of the installed `studio mcp --sandbox` over stdio,
//      and of @studio-kit/mcp's server behind createMcpHttpHandler over Streamable HTTP;
//   6. the service of docs/use-in-your-service.md (service.mts): its error cases (service-errors.mts: wrong key,
//      wrong base URL path, an unreachable base URL, bad ratio, a deadline refused before spending, the caller's
//      deadline, abort with a reason, upload abort before and during the transfer) against the installed sandbox,
//      then its test over the sandbox's msw handlers on the poller's manual clock (service.test.mts, node --test).
// Any failure stops the run with the step that failed and the output of the command. `--keep` leaves the
// scratch project in place and prints its path.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createInterface } from "node:readline";
import { buildPackages, packPackages, publishedPackages, root, run } from "./lib/published.mjs";

const keep = process.argv.includes("--keep");
const fixture = join(root, "scripts/consumer");
// The scratch project's own tools and the published packages' peer: the versions the workspace pins.
// The MCP SDK as an app that is an MCP client installs it (mcp.mts), at the version @studio-kit/mcp depends on.
const TOOLS = [
  "typescript@5.9.3",
  "@types/node@20.19.43",
  "graphql@16.15.0",
  "msw@2.15.0",
  `@modelcontextprotocol/sdk@${JSON.parse(readFileSync(join(root, "packages/mcp/package.json"), "utf8")).dependencies["@modelcontextprotocol/sdk"]}`,
];
// mcp.mts (step 5b) with its own tsconfig: the MCP SDK's declarations need the DOM library (HeadersInit).
const MCP_FILES = ["mcp.mts", "mcp.tsconfig.json"];
// The service of docs/use-in-your-service.md, its error cases and its test (step 6), with their own tsconfig: it
// skips libraries' declarations, as msw's need the DOM library; the kit's are checked by tsconfig.json's run.
const SERVICE_FILES = ["service.mts", "service-errors.mts", "service.test.mts", "service.tsconfig.json"];
// OpenTelemetry as an app installs it, at the versions core's own tests use: installed only for the tracing step,
// after everything else has run without it.
const OTEL = [
  "@opentelemetry/api",
  "@opentelemetry/sdk-trace-base",
  "@opentelemetry/context-async-hooks",
  "@opentelemetry/core",
];
const STEP_TIMEOUT_MS = 120_000;

const started = Date.now();
const log = (message) => console.log(`consumer-test: ${message}`);
let step = "start";
let scratch;
let sandbox;

/**
 * The environment for npm and node in the scratch project: `pnpm run` exports npm_config_* and pnpm settings
 * that npm would read as its own (and warn about), so they are dropped; the registry, cache and proxy
 * settings a machine may set are kept.
 */
function consumerEnv(extra = {}) {
  const keepKey = /^npm_config_(registry|cache|userconfig|cafile|strict_ssl|(https?_|no_)?proxy)$/i;
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm|pnpm)_/i.test(key) || keepKey.test(key)),
  );
  return { ...env, ...extra };
}

/** Starts the installed sandbox CLI on a free port; resolves with its JSON line once it is ready. */
function startSandbox(cwd) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(join(cwd, "node_modules/.bin/studio-sandbox"), ["--port", "0", "--job-ms", "300"], {
      cwd,
      env: consumerEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`the sandbox printed no ready line within 15 s. stderr:\n${stderr}`));
    }, 15_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`the installed studio-sandbox could not start: ${error.message}`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code} before it was ready. stderr:\n${stderr}`));
    });
    createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      child.removeAllListeners("exit");
      try {
        resolvePromise({ child, ready: JSON.parse(line) });
      } catch {
        child.kill("SIGTERM");
        reject(new Error(`the sandbox's first line is not JSON: ${line}`));
      }
    });
  });
}

async function main() {
  step = "build";
  const packages = publishedPackages();
  buildPackages(packages);

  step = "pack";
  scratch = mkdtempSync(join(tmpdir(), "studio-kit-consumer-"));
  if (!relative(root, scratch).startsWith("..")) {
    throw new Error(`the scratch directory ${scratch} is inside the workspace; set TMPDIR elsewhere.`);
  }
  const tarballs = join(scratch, "tarballs");
  const project = join(scratch, "project");
  mkdirSync(tarballs);
  mkdirSync(project);
  const packed = packPackages(packages, tarballs);
  log(`packed ${packed.map(({ name, version }) => `${name}@${version}`).join(", ")}`);

  step = "npm install";
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "studio-kit-consumer", version: "0.0.0", private: true, type: "module" }, null, 2)}\n`,
  );
  for (const file of [
    "smoke.mts",
    "commonjs.cts",
    ...MCP_FILES,
    "require.cjs",
    "tracing.mjs",
    "tsconfig.json",
    ...SERVICE_FILES,
  ]) {
    copyFileSync(join(fixture, file), join(project, file));
  }
  const install = run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", ...packed.map(({ tarball }) => tarball), ...TOOLS],
    { cwd: project, env: consumerEnv() },
  );
  // Every @studio-kit package must come from a tarball, never from a registry or a nested copy.
  const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8"));
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes("node_modules/@studio-kit/")) continue;
    if (path.split("node_modules/").length > 2 || !entry.resolved?.startsWith("file:")) {
      throw new Error(`${path} was installed from ${entry.resolved ?? "nowhere"}, not from a packed tarball.`);
    }
  }
  const engineWarnings = [...new Set(install.stderr.match(/package: '[^']+'/g) ?? [])].map((s) => s.slice(10, -1));
  log(
    `npm installed the tarballs in ${project}` +
      (engineWarnings.length > 0 ? ` (npm warned that ${engineWarnings.join(", ")} want a newer Node)` : ""),
  );

  step = "tsc --strict";
  run(process.execPath, [join(project, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json", "--strict"], {
    cwd: project,
    env: consumerEnv(),
  });
  log("tsc --strict: smoke.mts and commonjs.cts type-check against the installed declarations");

  run(process.execPath, [join(project, "node_modules/typescript/bin/tsc"), "-p", "mcp.tsconfig.json", "--strict"], {
    cwd: project,
    env: consumerEnv(),
  });
  log("tsc --strict: mcp.mts type-checks against @studio-kit/mcp's and the MCP SDK's declarations (lib DOM)");

  run(process.execPath, [join(project, "node_modules/typescript/bin/tsc"), "-p", "service.tsconfig.json", "--strict"], {
    cwd: project,
    env: consumerEnv(),
  });
  log("tsc --strict: the service, its error cases and its msw test type-check too");

  step = "start the installed sandbox";
  const server = await startSandbox(project);
  sandbox = server.child;
  log(`sandbox from the tarball's studio-sandbox CLI at ${server.ready.url}`);

  step = "run smoke.mts against the sandbox";
  const smoke = await runNode(project, ["out/smoke.mjs"], {
    STUDIO_BASE_URL: server.ready.url,
    STUDIO_API_KEY: server.ready.apiKey,
  });
  const did = JSON.parse(smoke.trim().split("\n").at(-1));
  log(
    `smoke: credits ${did.creditsBefore} -> ${did.creditsAfter}; generated ${did.generated.id} (${did.generated.status}); ` +
      `uploaded file ${did.uploaded.fileId} as ${did.uploaded.imageId}; board ${did.board.id} ` +
      `(${did.board.conversationId}) lists both among ${did.board.cards} card(s)`,
  );

  step = "tracing without @opentelemetry/api";
  const sandboxEnv = { STUDIO_BASE_URL: server.ready.url, STUDIO_API_KEY: server.ready.apiKey };
  const without = JSON.parse((await runNode(project, ["tracing.mjs", "without"], sandboxEnv)).trim());
  log(`tracing: without @opentelemetry/api, core sent ${without.requests} request(s), no traceparent, no error`);

  step = "tracing with @opentelemetry/api";
  const { devDependencies } = JSON.parse(readFileSync(join(root, "packages/core/package.json"), "utf8"));
  const otel = OTEL.map((name) => `${name}@${devDependencies[name]}`);
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...otel], { cwd: project, env: consumerEnv() });
  const traced = JSON.parse((await runNode(project, ["tracing.mjs", "with"], sandboxEnv)).trim());
  log(
    `tracing: with ${otel.join(", ")} and a provider registered: spans ${traced.spans.join(", ")}; ` +
      `the sandbox received traceparent ${traced.traceparent}`,
  );

  step = "npx studio --sandbox credits";
  // The CLI's bin from the tarball, as a person runs it after `npm install @studio-kit/cli`: no key, its own sandbox.
  const studio = run("npx", ["--no-install", "studio", "--sandbox", "credits", "--json"], {
    cwd: project,
    env: consumerEnv(),
    timeout: STEP_TIMEOUT_MS,
  });
  const { available } = JSON.parse(studio.stdout);
  if (typeof available !== "number") throw new Error(`studio credits --json printed no credits:\n${studio.stdout}`);
  log(`npx studio --sandbox credits: ${available} credits available (the installed bin, its own sandbox)`);

  step = "the SDK's Client over studio mcp --sandbox (stdio) and createMcpHttpHandler (Streamable HTTP)";
  const mcp = JSON.parse((await runNode(project, ["out/mcp.mjs"], sandboxEnv)).trim().split("\n").at(-1));
  log(
    `mcp: studio mcp --sandbox listed ${mcp.stdioTools} tools over stdio; get_credits ${mcp.available}; ` +
      `count 9 refused (${mcp.refused}); generate_image queued ${mcp.queued} (about ${mcp.cost} credits); ` +
      `over Streamable HTTP ${mcp.httpTools} tools, list_boards ${mcp.boards} board(s)`,
  );

  step = "require() from CommonJS";
  const required = JSON.parse(await runNode(project, ["require.cjs"]));
  const commonjs = JSON.parse(await runNode(project, ["out/commonjs.cjs"]));
  log(`require() loads ${required.required.join(", ")}; commonjs.cts ran (${commonjs.commonjs})`);

  step = "the service's error cases against the sandbox";
  const errors = JSON.parse((await runNode(project, ["out/service-errors.mjs"], sandboxEnv)).trim().split("\n").at(-1));
  log(
    `service: ${Object.entries(errors.cases)
      .map(([label, { name, code }]) => `${label} -> ${name} ${code}`)
      .join("; ")}; then a board of ${errors.images} images and the poster`,
  );

  step = "the service's test over the sandbox's msw handlers (node --test)";
  await runNode(project, ["--test", "out/service.test.mjs"]);
  log("service.test.mts passed: msw handlers, the poller's manual clock, the upload's transfer tracked");
}

/** Stops the sandbox (SIGTERM: it closes its server and storage), killing it if it has not exited in 5 s. */
async function stopSandbox() {
  if (!sandbox || sandbox.exitCode !== null || sandbox.signalCode !== null) return;
  const exited = new Promise((resolvePromise) => sandbox.once("exit", resolvePromise));
  sandbox.kill("SIGTERM");
  const timer = setTimeout(() => sandbox.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Runs node in the scratch project; resolves with its stdout, rejects with everything it printed. */
function runNode(cwd, args, extraEnv = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: consumerEnv(extraEnv), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), STEP_TIMEOUT_MS);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise(stdout);
      else
        reject(
          new Error(
            `\`node ${args.join(" ")}\` ${signal ? `was killed (${signal})` : `exited with ${code}`}:\n${stdout}${stderr}`,
          ),
        );
    });
  });
}

try {
  await main();
  log(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s, using only the packed tarballs.`);
} catch (error) {
  console.error(`consumer-test: FAILED at "${step}": ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopSandbox();
  if (scratch && keep) log(`kept the scratch project: ${scratch}`);
  else if (scratch) rmSync(scratch, { recursive: true, force: true });
}
