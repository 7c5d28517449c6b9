// Who may spend credits, and how much: access rules, the per-user hourly quota, the daily credit budget and a
// read-only key, each seen as the person in Slack sees it, with the sandbox's counts proving what was (not) sent.
import { SANDBOX_KEYS } from "@studio-kit/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { type Bot, blocksOf, eventually, startBot } from "./harness.js";

const CHANNEL = "C0GENERAL";
let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

const started = async (...args: Parameters<typeof startBot>) => {
  bot = await startBot(...args);
  return bot;
};
const generations = (b: Bot) => b.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
/** What `user` sees from the bot in a channel: ephemerals for them and everything public. */
const seenBy = (b: Bot, user: string, channel = CHANNEL) =>
  b.sim.conversation(channel, { as: user }).filter((message) => message.fromBot);
/** Waits for the newest bot message `user` sees whose text matches. */
const waitFor = (b: Bot, user: string, pattern: RegExp, channel = CHANNEL) =>
  eventually(() => {
    const found = seenBy(b, user, channel).findLast((message) => pattern.test(message.text));
    expect(found, `no message matching ${pattern}`).toBeDefined();
    return found;
  });
const imagesShown = (b: Bot, user: string) =>
  eventually(() => expect(seenBy(b, user).some((message) => blocksOf(message, "image").length > 0)).toBe(true));

describe("access rules", () => {
  it("lets a listed person generate, refuses anyone else with the reason, and still answers their reads", async () => {
    const b = await started({ STUDIO_ALLOWED_USERS: "U0ALICE" });
    await b.sim.command({ user: "U0BOB", channel: CHANNEL, text: "image a red fox on snow" });
    const refused = await waitFor(b, "U0BOB", /limited to listed/i);
    expect(refused?.ephemeral).toBe(true);
    expect(JSON.stringify(refused?.blocks)).toMatch(/credits.*boards|boards.*credits/i); // what still works
    expect(generations(b)).toBe(0);

    await b.sim.command({ user: "U0BOB", channel: CHANNEL, text: "credits" });
    await waitFor(b, "U0BOB", /credit/i);
    expect(b.order.filter((step) => step === "studio:CreditsBalance").length).toBeGreaterThan(0);

    await b.sim.command({ user: "U0ALICE", channel: CHANNEL, text: "image a red fox on snow" });
    await imagesShown(b, "U0ALICE");
    expect(generations(b)).toBe(1);
  });

  it("lets members of a listed user group generate", async () => {
    const b = await started({ STUDIO_ALLOWED_GROUPS: "S0DESIGN" });
    b.sim.setUserGroup("S0DESIGN", ["U0BOB"]);
    await b.sim.command({ user: "U0BOB", channel: CHANNEL, text: "image a lighthouse" });
    await imagesShown(b, "U0BOB");
    await b.sim.command({ user: "U0CAROL", channel: CHANNEL, text: "image a lighthouse" });
    await waitFor(b, "U0CAROL", /limited to listed/i);
    expect(generations(b)).toBe(1);
    expect(b.sim.calls("usergroups.users.list")).toHaveLength(1); // cached between the two checks
  });

  it("lets anyone generate in a listed channel, and nobody elsewhere", async () => {
    const b = await started({ STUDIO_ALLOWED_CHANNELS: "C0GENERAL" });
    b.sim.setMember("C0RANDOM", true);
    await b.sim.command({ user: "U0BOB", channel: "C0RANDOM", text: "image a lighthouse" });
    await waitFor(b, "U0BOB", /limited to listed/i, "C0RANDOM");
    await b.sim.command({ user: "U0BOB", channel: CHANNEL, text: "image a lighthouse" });
    await imagesShown(b, "U0BOB");
    expect(generations(b)).toBe(1);
  });

  it("refuses a mention the same way, in its thread", async () => {
    const b = await started({ STUDIO_ALLOWED_USERS: "U0ALICE" });
    const mention = await b.sim.mention({ user: "U0BOB", channel: CHANNEL, text: "<@U0SIMBOT1> a red fox" });
    await eventually(() => {
      const notes = b.sim.thread(CHANNEL, mention.ts ?? "", { as: "U0BOB" }).filter((m) => m.fromBot);
      expect(notes.some((m) => m.ephemeral && /limited to listed/i.test(m.text))).toBe(true);
    });
    expect(generations(b)).toBe(0);
  });
});

describe("quotas", () => {
  it("answers clearly once a person reached their hourly quota, and sends nothing", async () => {
    const b = await started({ STUDIO_USER_HOURLY_LIMIT: "2" });
    await b.sim.command({ user: "U0ALICE", channel: CHANNEL, text: "image a lighthouse --count 2" });
    await imagesShown(b, "U0ALICE");
    await b.sim.command({ user: "U0ALICE", channel: CHANNEL, text: "image one more lighthouse" });
    const refused = await waitFor(b, "U0ALICE", /hourly limit/i);
    expect(refused?.ephemeral).toBe(true);
    expect(JSON.stringify(refused?.blocks)).toContain("<!date^"); // when the next one frees up
    expect(generations(b)).toBe(1);
    // Someone else has their own hour.
    await b.sim.command({ user: "U0BOB", channel: CHANNEL, text: "image a lighthouse" });
    await eventually(() => expect(generations(b)).toBe(2));
  });

  it("answers clearly once the workspace's daily credit budget is reached", async () => {
    // The sandbox's default image model costs 4 credits an image.
    const b = await started({ STUDIO_DAILY_CREDIT_BUDGET: "10" });
    await b.sim.command({ user: "U0ALICE", channel: CHANNEL, text: "image a lighthouse --count 2" });
    await imagesShown(b, "U0ALICE");
    await b.sim.command({ user: "U0BOB", channel: CHANNEL, text: "image a harbour" });
    const refused = await waitFor(b, "U0BOB", /daily credit budget/i);
    expect(refused?.text).toContain("8 of 10");
    expect(generations(b)).toBe(1);
    // A cheaper request still fits what is left.
    await b.sim.command({ user: "U0BOB", channel: CHANNEL, text: "image a harbour --model img-aurora-2-fast" });
    await eventually(() => expect(generations(b)).toBe(2));
  });
});

describe("a read-only API key", () => {
  it("is learned from the first refused generation; later ones are answered at once and reads still work", async () => {
    const b = await started({}, { sandboxKey: SANDBOX_KEYS.readOnly });
    await b.sim.command({ user: "U0ALICE", channel: CHANNEL, text: "image a lighthouse" });
    await waitFor(b, "U0ALICE", /read-only/i);
    const refusedOnce = b.order.filter((step) => step === "studio:GenerateImage").length;
    expect(refusedOnce).toBe(1);

    await b.sim.command({ user: "U0BOB", channel: CHANNEL, text: "video a storm at sea" });
    await eventually(() =>
      expect(seenBy(b, "U0BOB").some((message) => message.ephemeral && /read-only/i.test(message.text))).toBe(true),
    );
    expect(b.order.filter((step) => step.startsWith("studio:Generate"))).toHaveLength(1); // nothing else sent

    await b.sim.command({ user: "U0BOB", channel: CHANNEL, text: "boards" });
    await waitFor(b, "U0BOB", /board/i);
  });
});
