// Help beyond the usage lines (issue 20): the buttons under a result, images attached to a mention, and where the
// ids that `--ref`, `--from`, `--image`, `--video` and `--audio` take can be copied from (the result's id line).
import { COMMAND_WORDS } from "@studio-kit/commands";
import { describe, expect, it } from "vitest";
import { readText } from "../src/intent/read-text.js";
import { askMessage } from "../src/messages/ask.js";
import { helpMessage } from "../src/messages/help.js";
import { audioResultsMessage, imageResultsMessage, videoResultsMessage } from "../src/messages/results.js";
import { allText, expectValidMessage } from "./support/slack.js";

const buttonLabels = (blocks: Record<string, unknown>[]): string[] =>
  blocks
    .filter((block) => block.type === "actions")
    .flatMap((block) => block.elements as { text: { text: string } }[])
    .map((element) => element.text.text);

const contextTexts = (blocks: Record<string, unknown>[]): string[] =>
  blocks
    .filter((block) => block.type === "context")
    .map((block) => (block.elements as { text: string }[]).map((element) => element.text).join(" "));

const ctx = { user: "U0ALICE", prompt: "a red fox", what: "Image:", jobId: "job_1" };

describe("help names what the usage lines cannot show", () => {
  it("names every button an image or a video result carries", () => {
    const image = imageResultsMessage([{ id: "img_1" }], ctx).message;
    const video = videoResultsMessage([{ id: "vid_1" }], { ...ctx, what: "Video:" }).message;
    const labels = new Set([...buttonLabels(image.blocks), ...buttonLabels(video.blocks)]);
    // The set really holds the new buttons: a result that lost one would not make this test pass by accident.
    expect([...labels]).toEqual(
      expect.arrayContaining(["Animate", "Remix", "Add sound", "Subtitles", "Colour look", "Vertical 9:16"]),
    );
    const help = allText(helpMessage());
    for (const label of labels) expect(help, label).toContain(`*${label}*`);
  });

  it("says attached images are reference images of an explicit command, and that a bare prompt asks first", () => {
    const help = allText(helpMessage());
    expect(help).toContain("`@Studio image &lt;prompt&gt;` or `@Studio video &lt;prompt&gt;` with images attached");
    expect(help).toContain("reference images");
    expect(help).toContain("A bare prompt with images asks first");
    expect(help).toContain("`@Studio avatar &lt;script&gt;` with a photo attached");
  });

  it("says where the ids for --ref, --from, --image, --video and --audio are shown", () => {
    const help = allText(helpMessage());
    expect(help).toContain("*Ids for* `--ref`, `--from`, `--end`, `--image`, `--video`, `--audio`");
    expect(help).toContain("every result shows its id in the grey line under it");
  });

  it("explains --from, --end and Animate under `help video`, and --ref with attachments under `help image`", () => {
    const video = allText(helpMessage("video"));
    expect(video).toContain("/studio video &lt;prompt&gt;");
    expect(video).toContain("`--from &lt;image id&gt;` starts the video on that image (the *Animate* button");
    expect(video).toContain("`--end &lt;image id&gt;` ends it on another");
    const image = allText(helpMessage("image"));
    expect(image).toContain("`--ref &lt;id&gt;` (repeatable) uses an earlier image as a reference image");
    expect(image).toContain("`/studio models image` says it");
  });

  it("tells how to give avatar its photo and lipsync its sources", () => {
    expect(allText(helpMessage("avatar"))).toContain(
      "Attach a photo to `@Studio avatar &lt;script&gt;` (in a channel or the DM), or name an image result with `--image &lt;id&gt;`",
    );
    const lipsync = allText(helpMessage("lipsync"));
    expect(lipsync).toContain("`--video &lt;id&gt;` is the video to sync, to `--audio &lt;id&gt;`");
    expect(lipsync).toContain("`/studio lipsync --video &lt;id&gt; Hello and welcome`");
    expect(allText(helpMessage("brand"))).toContain("`--brand` on `image` or `video`");
    expect(allText(helpMessage("history"))).toContain("Your own jobs only, newest first");
  });

  it("keeps the whole help, every command's help and the ask reply that embeds help within Slack's limits, uncut", () => {
    for (const topic of [undefined, ...COMMAND_WORDS]) {
      const reply = helpMessage(topic);
      expectValidMessage(reply);
      expect(allText(reply), String(topic)).not.toContain("More than fits in one message");
    }
    const reading = readText("hi");
    if (reading.kind !== "ask") throw new Error("`hi` should ask");
    const ask = askMessage({ user: "U0ALICE", intent: reading.intent, text: "hi" });
    expectValidMessage(ask);
    expect(allText(ask)).toContain("*Ids for*");
    expect(allText(ask)).not.toContain("More than fits in one message");
  });
});

describe("a result shows its ids where a person can copy them", () => {
  it("lists an image result's ids in order, for /studio show, --ref, --from, --end or --image", () => {
    const { message } = imageResultsMessage([{ id: "img_a1" }, { id: "img_b2" }], { ...ctx, what: "2 images:" });
    expect(contextTexts(message.blocks)).toContain(
      "Ids, in order: `img_a1` · `img_b2`, for `/studio show`, `--ref`, `--from`, `--end` or `--image`",
    );
  });

  it("gives a video its id for /studio show and lipsync --video, and an audio its id for /studio show and lipsync --audio", () => {
    const video = videoResultsMessage([{ id: "vid_9" }], { ...ctx, what: "Video:" }).message;
    expect(contextTexts(video.blocks)).toContain("Id `vid_9`, for `/studio show` and `/studio lipsync --video`");
    const audio = audioResultsMessage([{ id: "aud_3" }], { ...ctx, what: "Music:" }).message;
    expect(contextTexts(audio.blocks)).toContain("Id `aud_3`, for `/studio show` and `/studio lipsync --audio`");
  });

  it("escapes an id that is not what the API usually sends, and lists the ten shown of twelve without cutting the message", () => {
    const odd = imageResultsMessage([{ id: "<!channel>`x" }], ctx).message;
    // Button values carry it as data; no mrkdwn text may (Slack would ping the channel).
    expect(contextTexts(odd.blocks).join(" ")).not.toContain("<!channel>");
    expect(contextTexts(odd.blocks)).toContain(
      "Id `&lt;!channel&gt;x`, for `/studio show`, `--ref`, `--from`, `--end` or `--image`",
    );
    // Twelve images with ids as long as a UUID: ten shown, their ten ids in one line, and nothing cut.
    const many = Array.from({ length: 12 }, (_, index) => ({
      id: `img_${"0".repeat(34)}${index.toString().padStart(2, "0")}`,
    }));
    const { message } = imageResultsMessage(many, ctx);
    expectValidMessage(message);
    expect(buttonLabels(message.blocks)).toContain("Regenerate");
    expect(contextTexts(message.blocks).join(" ")).toContain(`\`${many[9]?.id}\`, for`);
    expect(allText(message)).not.toContain("More than fits in one message");
  });
});
