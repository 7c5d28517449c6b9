// The process entry (`node dist/server/main.js`, what `pnpm start` runs): the only module that reads process.env.
// Without Slack credentials it starts the playground (the stand-in Slack in the browser); with them there is no
// stand-in to show, so it hands over to the bot's own entry (apps/slack-bot's main: Socket Mode or the HTTP
// receiver on PORT, the studio API STUDIO_API_KEY names or a sandbox). STUDIO_API_KEY switches the API either way.
import { createRedactor } from "@studio-kit/core";
import { ConfigError } from "@studio-kit/slack-bot";
import { hasSlackCredentials } from "./config.js";
import { startPlayground } from "./playground.js";
import { standInSlack, startupLines } from "./startup.js";

const env = process.env;
// Whatever goes wrong at start is printed; these values must not be, whatever a lower layer put in its message.
const redact = createRedactor(
  ["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "SLACK_APP_TOKEN", "STUDIO_API_KEY"].flatMap((name) => env[name] ?? []),
);

function fail(error: unknown): never {
  if (error instanceof ConfigError) console.error(error.message);
  else if ((error as { code?: unknown })?.code === "EADDRINUSE") {
    console.error(
      `@studio-kit/playground: port ${env.PORT ?? 3000} is in use: set PORT to another (PORT=0 picks a free one).`,
    );
  } else {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`@studio-kit/playground: could not start: ${redact(message)}`);
  }
  process.exit(1);
}

function port(): number {
  const value = env.PORT?.trim();
  if (!value) return 3000;
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    console.error("@studio-kit/playground: PORT must be a port number from 0 to 65535.");
    process.exit(1);
  }
  return Number(value);
}

async function main(): Promise<void> {
  if (hasSlackCredentials(env)) {
    // The bot's entry reads the same environment, says what it runs against and handles the signals itself.
    await import("@studio-kit/slack-bot/main");
    return;
  }
  if (env.SLACK_BOT_TOKEN?.trim() || env.SLACK_SIGNING_SECRET?.trim()) {
    console.log(
      "Only one of SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET is set (and no SLACK_APP_TOKEN): using the stand-in Slack.",
    );
  }
  const playground = await startPlayground({ port: port(), ...(env.HOST ? { host: env.HOST } : {}), env });
  const close = playground.close;
  console.log(
    startupLines({
      url: playground.url,
      slack: standInSlack({ socket: playground.delivery === "socket", surface: playground.workspace.surface }),
      studio: playground.studioDescription,
      store: playground.store,
      access: playground.workspace.access,
    }).join("\n"),
  );
  // Stop taking requests, stop the bot (its store closes cleanly: jobs resume next time with STUDIO_BOT_DB), then
  // the sim and the sandbox. Ctrl-C reaches this process twice under `pnpm start` (from the terminal, and
  // forwarded by scripts/start.mjs), so a repeated signal is ignored; a close that hangs ends after 10 s.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping.`);
    setTimeout(() => process.exit(1), 10_000).unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch(fail);
