import { createStudioClient, type StudioClient } from "@studio-kit/core";
import { ImageDocument } from "@studio-kit/operations";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readConfig } from "../src/config.js";
import type { Surface } from "../src/delivery/surface.js";
import type { BotDeps } from "../src/deps.js";
import { runIntake } from "../src/flows/slack-intake.js";
import { ACTIONS, type SlackMessage } from "../src/index.js";
import { FILES, fileRef, GIF, PNG, TOKEN, useMswSandbox } from "./support/files.js";
import { allText, expectValidMessage } from "./support/slack.js";

const BASE_URL = "https://api.studio-kit.test";
const sandboxOf = useMswSandbox(BASE_URL);

/** Slack's file host, faked: the bytes for the bot token, a redirect to sign-in for anything else. */
function slackFiles(files: Record<string, Uint8Array>, { redirectAll = false } = {}) {
  const requests: { url: string; authorized: boolean }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    const authorized = new Headers(init?.headers).get("authorization") === `Bearer ${TOKEN}`;
    requests.push({ url, authorized });
    expect(init?.redirect).toBe("manual");
    const bytes = files[url];
    if (!authorized || redirectAll)
      return new Response(null, { status: 302, headers: { location: `${FILES}/signin` } });
    if (!bytes) return new Response("not found", { status: 404 });
    return new Response(bytes.slice(), { headers: { "content-length": String(bytes.byteLength) } });
  };
  return { fetch, requests };
}

let lines: string[];
let replies: SlackMessage[];
let deps: BotDeps;
let studio: StudioClient;

function surface(overrides: Partial<Surface> = {}): Surface {
  const reply = async (message: SlackMessage) => {
    replies.push(message);
  };
  return {
    user: "U0ALICE",
    channel: "DU0ALICE",
    reply,
    ephemeral: reply,
    post: async () => ({ live: true, key: "k", update: async () => {} }) as never,
    ...overrides,
  };
}

beforeEach(() => {
  lines = [];
  replies = [];
  studio = createStudioClient({ apiKey: sandboxOf().keys.readWrite, baseUrl: BASE_URL, retry: false });
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(line) });
  deps = {
    config: readConfig({ SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: "s" }),
    studio,
    logger,
  } as unknown as BotDeps;
});
afterEach(() => {
  // The token goes in an Authorization header and nowhere else: no log line, no reply.
  expect(lines.join("\n")).not.toContain(TOKEN);
  expect(allText(replies)).not.toContain(TOKEN);
  for (const reply of replies) expectValidMessage(reply);
});

const signed = () => sandboxOf().stats().operations.CreateSignedUploadUrl ?? 0;
const buttonValue = (message: SlackMessage | undefined) => {
  const actions = message?.blocks.find((block) => block.type === "actions") as {
    elements: { action_id: string; value: string }[];
  };
  const add = actions.elements.find((element) => element.action_id === ACTIONS.addToBoard);
  return JSON.parse(add?.value ?? "{}") as { assetId?: string; assetType?: string };
};

describe("runIntake", () => {
  it("stores a PNG shared in Slack in the library and answers with its preview and Add to board", async () => {
    const file = fileRef("F1", "moodboard.png", "image/png", PNG.byteLength);
    const slack = slackFiles({ [file.url_private_download ?? ""]: PNG });
    await runIntake(deps, surface(), [file], { fetch: slack.fetch });

    expect(slack.requests).toEqual([{ url: file.url_private_download, authorized: true }]);
    expect(replies).toHaveLength(1);
    const [reply] = replies;
    expect(reply?.text).toBe("moodboard.png is in the studio library");
    expect(reply?.blocks.some((block) => block.type === "image")).toBe(true);
    const { assetId, assetType } = buttonValue(reply);
    expect(assetType).toBeUndefined(); // an image, as the image results' Add to board says it
    const { image } = await studio.request(ImageDocument, { id: assetId ?? "" });
    expect(image).toMatchObject({ id: assetId, width: 1, height: 1 });
  });

  it("refuses a zip and a text file from Slack's metadata alone: no download, no upload, the type and the accepted ones named", async () => {
    const before = signed();
    const zip = fileRef("F2", "assets.zip", "application/zip", 10);
    const text = fileRef("F3", "notes.txt", "text/plain", 10);
    const slack = slackFiles({});
    await runIntake(deps, surface(), [zip, text], { fetch: slack.fetch });

    expect(slack.requests).toEqual([]);
    expect(signed()).toBe(before);
    expect(replies.map((reply) => reply.text)).toEqual([
      "assets.zip: application/zip files are not accepted",
      "notes.txt: text/plain files are not accepted",
    ]);
    const shown = allText(replies[0]);
    expect(shown).toContain("`application/zip`");
    expect(shown).toContain("`image/png`");
    expect(shown).toContain("`video/mp4`");
  });

  it("says a file over 256 MiB is too large without downloading it", async () => {
    const slack = slackFiles({});
    await runIntake(deps, surface(), [fileRef("F4", "huge.mp4", "video/mp4", 300 * 1024 * 1024)], {
      fetch: slack.fetch,
    });
    expect(slack.requests).toEqual([]);
    expect(allText(replies)).toContain("300.0 MiB");
    expect(allText(replies)).toContain("256.0 MiB");
  });

  it("takes Slack's redirect as 'the token cannot read it': a message, a log line, nothing uploaded", async () => {
    const before = signed();
    const file = fileRef("F5", "secret.png", "image/png", PNG.byteLength);
    const slack = slackFiles({ [file.url_private_download ?? ""]: PNG }, { redirectAll: true });
    await runIntake(deps, surface(), [file], { fetch: slack.fetch });

    expect(slack.requests).toHaveLength(1);
    expect(signed()).toBe(before);
    expect(allText(replies)).toContain("I could not read it from Slack");
    expect(lines.some((line) => line.includes('"code":"redirected"'))).toBe(true);
  });

  it("never sends the token to a host that is not Slack's", async () => {
    const slack = slackFiles({});
    const file = fileRef("F6", "a.png", "image/png", PNG.byteLength, {
      url_private_download: "https://evil.test/a.png",
    });
    await runIntake(deps, surface(), [file], { fetch: slack.fetch });
    expect(slack.requests).toEqual([]);
    expect(allText(replies)).toContain("I could not read it from Slack");
  });

  it("refuses bytes that are not what Slack said (a GIF named .png) as what they really are", async () => {
    const file = fileRef("F7", "sneaky.png", "image/png", GIF.byteLength);
    const slack = slackFiles({ [file.url_private_download ?? ""]: GIF });
    await runIntake(deps, surface(), [file], { fetch: slack.fetch });
    expect(replies[0]?.text).toBe("sneaky.png: image/gif files are not accepted");
  });

  it("answers each file in order, one failure not stopping the next", async () => {
    const png = fileRef("F8", "b.png", "image/png", PNG.byteLength);
    const slack = slackFiles({ [png.url_private_download ?? ""]: PNG });
    await runIntake(deps, surface(), [fileRef("F9", "a.zip", "application/zip", 5), png], { fetch: slack.fetch });
    expect(replies.map((reply) => reply.text)).toEqual([
      "a.zip: application/zip files are not accepted",
      "b.png is in the studio library",
    ]);
  });

  it("says the studio did not take it when the upload fails, and logs why", async () => {
    deps.studio = createStudioClient({ apiKey: "sk-wrong", baseUrl: BASE_URL, retry: false });
    const file = fileRef("F10", "c.png", "image/png", PNG.byteLength);
    const slack = slackFiles({ [file.url_private_download ?? ""]: PNG });
    await runIntake(deps, surface(), [file], { fetch: slack.fetch });
    expect(allText(replies)).toContain("the studio did not take it");
    expect(lines.some((line) => line.includes("intake: the upload failed"))).toBe(true);
  });

  it("resolves and logs when even the reply cannot be posted", async () => {
    const failing = surface({
      reply: async () => {
        throw new Error("channel_not_found");
      },
    });
    await expect(
      runIntake(deps, failing, [fileRef("F11", "a.zip", "application/zip", 5)], { fetch: slackFiles({}).fetch }),
    ).resolves.toEqual([]);
    expect(lines.some((line) => line.includes("intake: could not post the reply"))).toBe(true);
  });
});
