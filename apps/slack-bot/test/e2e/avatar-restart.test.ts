// An avatar is a job of two steps (a voiceover, then the video made with it), and a restart between them must neither
// read the script aloud again nor ask twice for the video (credits are money). First the bot as its own process
// (dist/main.js), killed with SIGKILL while its voiceover is being made, the voiceover finishing while it is down;
// then the narrow windows, as a replica that died would leave them in the store.
import type { SandboxServer } from "@studio-kit/sandbox";
import type { SlackSim } from "@studio-kit/slack-sim";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite/open.js";
import type { BotStore, JobPatch, Lease } from "../../src/store/types.js";
import { type Bot, eventually, startBot } from "./harness.js";
import { kill, type RestartRig, sqliteRows, startRestartRig } from "./processes.js";
import { findSentinels } from "./sentinel.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
const SCRIPT = "Welcome to the spring collection.";

/** The jobs as the bot's SQLite file has them. */
const jobsIn = (path: string) =>
  sqliteRows<{ state: string; outcome: string | null; step: number; step_results: string | null }>(
    path,
    "SELECT state, outcome, step, step_results FROM jobs",
  );

describe("the bot killed with SIGKILL in the middle of an avatar", () => {
  let rig: RestartRig;
  let sandbox: SandboxServer;
  let sim: SlackSim;
  const operations = (name: string) => rig.sandbox.sandbox.stats().operations[name] ?? 0;

  beforeAll(async () => {
    rig = await startRestartRig("avatar-restart");
    ({ sandbox, sim } = rig);
  });

  afterAll(async () => {
    await rig?.close();
  });

  it("resumes after the voiceover without a second voiceover and asks for the video once", async () => {
    const path = rig.dbPath;
    const first = await rig.start();
    await sim.command({ user: USER, channel: CHANNEL, text: `avatar ${SCRIPT} --image img_trail_dawn` });

    // The voiceover was asked for and is being made; the video is not asked yet.
    await eventually(() => {
      expect(jobsIn(path)).toEqual([{ state: "running", outcome: null, step: 0, step_results: null }]);
    });
    expect(operations("GenerateVoiceover")).toBe(1);
    // Its progress message says which step it is at.
    const progress = () => sim.conversation(CHANNEL).filter((m) => m.fromBot && !m.ephemeral);
    await eventually(() =>
      expect(JSON.stringify(progress()[0]?.blocks)).toContain("Step 1 of 2: reading the script aloud"),
    );
    await kill(first, "SIGKILL");
    sandbox.sandbox.advance(10 * 60_000); // the voiceover finishes while no bot runs
    expect(operations("GenerateSpeakingCharacter")).toBe(0);

    const second = await rig.start();
    // The new process finds the voiceover done, records it, and asks for the video.
    await eventually(() => expect(operations("GenerateSpeakingCharacter")).toBe(1));
    await eventually(() =>
      expect(JSON.stringify(progress()[0]?.blocks)).toContain("Step 2 of 2: making the image speak it"),
    );
    sandbox.sandbox.advance(10 * 60_000); // the video finishes
    await eventually(() => {
      expect(jobsIn(path), second.output.join("\n")).toMatchObject([{ state: "done", outcome: "completed", step: 1 }]);
    });

    // One voiceover and one video request, ever; the video speaks that voiceover.
    expect(operations("GenerateVoiceover")).toBe(1);
    expect(operations("GenerateSpeakingCharacter")).toBe(1);
    const [job] = jobsIn(path);
    const voiceover = JSON.parse(job?.step_results ?? "{}") as { audioId?: string };
    expect(sandbox.sandbox.state.assets.get(voiceover.audioId ?? "")).toMatchObject({ __typename: "Audio" });
    const speaking = [...sandbox.sandbox.state.assets.values()].filter(
      (asset) => asset.__typename === "Video" && (asset as { model?: string }).model === "avatar-persona-2",
    );
    expect(speaking).toHaveLength(1);

    // One message for the job: the first process's progress message, replaced by the video.
    const messages = sim.conversation(CHANNEL).filter((m) => m.fromBot && !m.ephemeral);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toBe(`Speaking avatar: ${SCRIPT}`);
    expect(messages[0]?.files).toHaveLength(1);
    expect(sim.calls("chat.postMessage")).toHaveLength(1);
    expect(findSentinels([...first.output, ...second.output])).toEqual([]);
    // The built bot started twice as a child process, with a SIGKILL between; the second claims the job only once the
    // first one's 3 s lease has run out, in real time.
  }, 90_000);
});

describe("an avatar left by a replica that died between its steps", () => {
  const DEAD: Lease = { owner: "replica-that-died", until: 0 };
  let bot: Bot | undefined;
  afterEach(async () => {
    await bot?.close();
    bot = undefined;
  });
  const sent = (operation: string) => (bot?.requests ?? []).filter((r) => r.operation === operation);

  /** An avatar job moved along by the dead replica with these patches, in order. */
  async function leftAvatar(store: BotStore, patches: JobPatch[]) {
    const created = await store.jobs.create(
      {
        user: USER,
        channel: CHANNEL,
        request: {
          kind: "avatar",
          command: { kind: "avatar", script: SCRIPT, image: "img_trail_dawn" },
          model: "avatar-persona-2",
          resolution: "720p",
          defaultBoard: null,
        },
        outputs: 1,
        credits: 27,
        createdAt: Date.now(),
      },
      {},
      DEAD,
    );
    if (!created.ok) throw new Error("refused");
    for (const patch of patches) await store.jobs.update(created.job.id, patch, DEAD.owner);
    return created.job.id;
  }

  // The seeded audio stands for the voiceover the dead replica had made (2 s long).
  const voiceoverDone: JobPatch[] = [{ state: "sending" }, { state: "running", resultIds: ["aud_campfire"] }];
  const videoStepRecorded: JobPatch = {
    step: 1,
    state: "new",
    resultIds: [],
    stepResults: { audioId: "aud_campfire", audioSeconds: 2 },
  };

  it("voiceover done, video not asked yet: asks for the video once with that voiceover, reads nothing aloud", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    bot = await startBot({}, { store });
    const id = await leftAvatar(store, voiceoverDone);
    expect(await bot.app.resumeJobs()).toBe(1);
    expect(sent("GenerateVoiceover")).toHaveLength(0);
    expect(sent("GenerateSpeakingCharacter").map((r) => r.variables)).toEqual([
      expect.objectContaining({ imageId: "img_trail_dawn", audioId: "aud_campfire", audioDurationSeconds: 2 }),
    ]);
    expect(await store.jobs.get(id)).toMatchObject({ state: "done", outcome: "completed", step: 1 });
    const result = bot.sim.conversation(CHANNEL).find((m) => m.fromBot && !m.ephemeral);
    expect(result?.text).toBe(`Speaking avatar: ${SCRIPT}`);
  });

  it("the video step recorded but not sent: sends it once, and never the voiceover", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    bot = await startBot({}, { store });
    const id = await leftAvatar(store, [...voiceoverDone, videoStepRecorded]);
    expect(await bot.app.resumeJobs()).toBe(1);
    expect(sent("GenerateVoiceover")).toHaveLength(0);
    expect(sent("GenerateSpeakingCharacter")).toHaveLength(1);
    expect(await store.jobs.get(id)).toMatchObject({ state: "done", outcome: "completed" });
  });

  it("the video asked for but its id never recorded: not asked again, and the asker is told", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    bot = await startBot({}, { store });
    const id = await leftAvatar(store, [...voiceoverDone, videoStepRecorded, { state: "sending" }]);
    expect(await bot.app.resumeJobs()).toBe(1);
    expect(sent("GenerateVoiceover")).toHaveLength(0);
    expect(sent("GenerateSpeakingCharacter")).toHaveLength(0);
    expect(await store.jobs.get(id)).toMatchObject({ state: "done", outcome: "lost" });
    const told = bot.sim.conversation(CHANNEL).find((m) => m.fromBot && !m.ephemeral);
    expect(told?.text).toContain("the bot restarted while it was starting a speaking avatar");
  });
});
