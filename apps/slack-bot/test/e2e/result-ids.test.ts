// The ids `--ref`, `--from` and `lipsync --video` take are shown on each result (its grey id line), and what a person
// copies from there works: read from the message's text as a person sees it, never from a button's hidden value.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const sent = (operation: string) => bot.requests.filter((r) => r.operation === operation).map((r) => r.variables);
const isResult = (m: Shown) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate);

/** The id line's text: the context that starts with "Id". */
function idLine(message: Shown): string {
  const texts = blocksOf(message, "context").map((block) =>
    (block.elements as { text: string }[]).map((element) => element.text).join(" "),
  );
  const line = texts.find((text) => text.startsWith("Id"));
  if (!line) throw new Error(`no id line in: ${texts.join(" | ")}`);
  return line;
}

/** The ids in the line, as a person copies them: what stands between backticks before ", for". */
const copiedIds = (line: string) => [...(line.split(", for")[0] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");

async function nthResult(count: number, startsWith: string): Promise<Shown> {
  return eventually(() => {
    const found = bot.sim
      .conversation(CHANNEL, { as: USER })
      .filter((m) => isResult(m) && m.text.startsWith(startsWith));
    expect(found.length).toBeGreaterThanOrEqual(count);
    return found[count - 1] as Shown;
  });
}

describe("a result's id line", () => {
  it("shows the sandbox's image ids, and the copied id works in --ref and in video --from", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a red fox in the snow --count 2" });
    const images = await nthResult(1, "2 images");
    const line = idLine(images);
    expect(line).toMatch(
      /^Ids, in order: `[^`]+` · `[^`]+`, for `\/studio show`, `--ref`, `--from`, `--end` or `--image`$/,
    );
    const ids = copiedIds(line);
    // The very images the sandbox made, in the order they are shown.
    expect(sent("GenerateImage")).toHaveLength(1);
    for (const id of ids) expect(bot.sandbox.sandbox.state.assets.get(id)).toMatchObject({ __typename: "Image" });

    await bot.sim.command({ user: USER, channel: CHANNEL, text: `the same fox, running --ref ${ids[1]}` });
    await eventually(() => expect(sent("GenerateImage")).toHaveLength(2));
    expect(sent("GenerateImage")[1]).toMatchObject({ referenceImages: [{ id: ids[1] }] });

    await bot.sim.command({ user: USER, channel: CHANNEL, text: `video the fox runs off --from ${ids[0]}` });
    await eventually(() => expect(sent("GenerateVideo")).toHaveLength(1));
    expect(sent("GenerateVideo")[0]).toMatchObject({ firstFrame: { id: ids[0] } });

    // The video's own line names its id for lip sync, and it is the sandbox's video.
    const video = await nthResult(1, "Video from an image");
    const videoLine = idLine(video);
    expect(videoLine).toMatch(/^Id `[^`]+`, for `\/studio show` and `\/studio lipsync --video`$/);
    expect(bot.sandbox.sandbox.state.assets.get(copiedIds(videoLine)[0] ?? "")).toMatchObject({ __typename: "Video" });
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    // Three jobs one after another (two images, one with --ref, a video from an image: about 0.3 s each in the
    // harness's sandbox, 0.6 s for the video), each waited for over real HTTP.
  }, 45_000);
});
