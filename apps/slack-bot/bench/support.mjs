// What the bot's benchmarks share: the built bot, slack-sim and the sandbox started as the bot runs against them, and
// the figures they print.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist");

export const SIGNING_SECRET = "bench-signing-secret";
export const BOT_TOKEN = "xoxb-bench-token";

/** The bot, as built: createBotApp and the decisions layer from dist/index.js (exits when it is not built). */
export async function loadBuiltBot(name) {
  if (!existsSync(join(dist, "index.js"))) {
    console.error(`${name}: dist/index.js is missing: run \`pnpm bench\` (it builds first) or \`pnpm build\`.`);
    process.exit(1);
  }
  return { ...(await import(pathToFileURL(join(dist, "index.js")).href)), from: "dist/index.js" };
}

const { createStudioClient, generateImages } = await import("@studio-kit/core");
const { createPoller } = await import("@studio-kit/poller");
const { createVirtualClock, SANDBOX_KEYS, startSandboxServer } = await import("@studio-kit/sandbox");
const { createSlackSim } = await import("@studio-kit/slack-sim");
const { pino } = await import("pino");

/** A call's `metadata` as the bot sent it: an object, or the JSON string of one (undefined when not JSON). */
const metadataOf = (call) => {
  const raw = call.args.metadata;
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

/** The job's result: a call that carries `studio_job_finished` metadata (a stream's end, an update, a post). */
export const isFinalCall = (call) => call.ok && metadataOf(call)?.event_type === "studio_job_finished";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A started slack-sim, and how to point it at the app once the app listens. */
export async function startSim({ rateLimits, view } = {}) {
  let appUrl = "";
  const sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: () => appUrl,
    ...(rateLimits ? { rateLimits } : {}),
    // The AI surface the app is installed with (sessions.bench.mjs: the agent view).
    ...(view ? { view } : {}),
  });
  await sim.start();
  return { sim, setApp: (server) => (appUrl = `http://127.0.0.1:${server.address().port}/slack/events`) };
}

/**
 * The built bot against a started slack-sim and the studio API at `baseUrl`. `delivery`: BotDeps.delivery (the
 * baseline before finals first paces chat.update at 40 a minute); `env`: more configuration (STUDIO_SLACK_PROGRESS);
 * `client`: more options of the studio client; `view`: slack-sim's AI surface (`agent` for STUDIO_SLACK_SURFACE=agent).
 */
export async function startBot(
  bot,
  { baseUrl, poller: pollerOptions, delivery, rateLimits, env = {}, client = {}, view },
) {
  const { sim, setApp } = await startSim({ rateLimits, view });
  // `client`: more createStudioClient options (tracing.bench.mjs: `tracerProvider: false`).
  const studio = createStudioClient({ apiKey: SANDBOX_KEYS.readWrite, baseUrl, retry: false, ...client });
  const config = bot.readConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    CREDITS_CONFIRM_THRESHOLD: "100000",
    LOG_LEVEL: "silent",
    STUDIO_BOT_DB: ":memory:",
    ...env,
  });
  const pacer =
    delivery === "update-only"
      ? bot.createSlackPacer({ limits: { "chat.update": { limit: 40, windowMs: 60_000 } } })
      : bot.createSlackPacer();
  const app = bot.createBotApp({
    config,
    studio,
    poller: createPoller(studio, pollerOptions),
    logger: process.env.BENCH_LOG
      ? pino({ level: "info" }, pino.destination(process.env.BENCH_LOG))
      : pino({ level: "silent" }),
    slackApiUrl: sim.apiUrl,
    pacer,
    ...(delivery ? { delivery } : {}),
  });
  await app.init();
  setApp(await app.start({ port: 0, host: "127.0.0.1" }));
  return { sim, app };
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The most events in any window of `windowMs`. */
export const peakInWindow = (times, windowMs = 60_000) => {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  for (let start = 0, end = 0; end < sorted.length; end += 1) {
    while (sorted[end] - sorted[start] >= windowMs) start += 1;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
};

/**
 * The sandbox draws a generated picture (pngjs, ~80 ms) the first time it is downloaded and keeps the last few
 * (size and palette slot: six per size). A platform's CDN does not draw anything, so a warm-up, not measured, makes
 * the sandbox draw the 1:1 pictures the runs download, and no design pays for pngjs on its clock.
 */
export async function warmSandboxPictures() {
  const clock = createVirtualClock();
  const server = await startSandboxServer({ port: 0, jobMs: 1_000, clock });
  server.sandbox.state.credits.get(server.sandbox.workspaceId).balance = 1_000_000;
  const studio = createStudioClient({ apiKey: SANDBOX_KEYS.readWrite, baseUrl: server.url, retry: false });
  const ids = [];
  for (let i = 0; i < 10; i += 1) {
    const queued = await generateImages(studio, { prompt: "warm-up", aspectRatio: "1:1", count: 4 });
    ids.push(...queued.map((image) => image.id));
  }
  clock.advance(2_000);
  const images = await createPoller(studio, { schedule: [10] }).waitForImages(ids);
  for (const image of images) await (await fetch(image.downloadUrl)).arrayBuffer();
  await server.close();
}

const fmt = (value, digits = 1) => (typeof value === "number" ? value.toFixed(digits) : String(value));

/** Prints rows of two designs side by side, with their ratio. */
export function table(head, rows, width = 44) {
  console.log(`${"".padEnd(width)}${head[0].padStart(14)}${head[1].padStart(14)}${"ratio".padStart(8)}`);
  for (const [label, a, b, digits] of rows) {
    const ratio = typeof a === "number" && typeof b === "number" && b !== 0 ? (a / b).toFixed(2) : "";
    console.log(
      `${label.padEnd(width)}${fmt(a, digits).padStart(14)}${fmt(b, digits).padStart(14)}${ratio.padStart(8)}`,
    );
  }
}
export { fmt };
