// The sentinel scan: every end-to-end test runs the bot with these secrets, and when the test closes its bot the
// harness looks for them in every log line (pino at trace level, Bolt's lines included) and in everything the
// bot wrote to Slack (Web API calls with their messages, views and files, response_url answers, the Home tab).
// A secret found anywhere fails the test. Each value is distinctive so that a partial leak is found too.
import type { SlackSim } from "@studio-kit/slack-sim";

/** The secrets the end-to-end bot runs with. */
export const SENTINELS = {
  botToken: "xoxb-sentinel-bot-7f3c2a91e6",
  signingSecret: "sentinel-signing-4b8e61d0c2",
  appToken: "xapp-sentinel-app-5d2f93c7a8",
  apiKey: "sk_live_sentinel_9a1e47b3f5",
} as const;

/** A secret's distinctive middle, so a cut or re-encoded copy is found as well as the whole value. */
const fragment = (secret: string) => secret.replace(/^(xoxb-|xapp-|sk_live_)/, "").slice(0, 16);

/** Names every sentinel found in `texts` (empty when clean). */
export function findSentinels(texts: readonly string[]): string[] {
  const found: string[] = [];
  for (const [name, secret] of Object.entries(SENTINELS)) {
    const part = fragment(secret);
    const where = texts.find((text) => text.includes(part) || decodeURIComponent(safe(text)).includes(part));
    if (where !== undefined) found.push(`${name} in: ${where.slice(0, 300)}`);
  }
  return found;
}

function safe(text: string): string {
  // decodeURIComponent throws on a stray %: scan the text as it is then.
  try {
    decodeURIComponent(text);
    return text;
  } catch {
    return "";
  }
}

/** Everything the bot showed or sent to Slack, as text: what the scan reads besides the logs. */
export function slackTexts(sim: SlackSim, users: readonly string[]): string[] {
  const calls = sim.calls();
  const channels = new Set<string>(["C0GENERAL", "C0RANDOM", ...users.map((user) => sim.dm(user))]);
  for (const call of calls) if (typeof call.args.channel === "string") channels.add(call.args.channel);
  const texts = calls.map((call) => JSON.stringify(call));
  for (const channel of channels) {
    for (const message of sim.conversation(channel)) {
      texts.push(JSON.stringify({ ...message, files: message.files.map(({ bytes: _, ...file }) => file) }));
      for (const reply of sim.thread(channel, message.ts)) {
        texts.push(JSON.stringify({ ...reply, files: reply.files.map(({ bytes: _, ...file }) => file) }));
      }
    }
  }
  texts.push(...sim.views().map((view) => JSON.stringify(view)));
  texts.push(...users.map((user) => JSON.stringify(sim.home(user) ?? null)));
  return texts;
}
