import { request as httpRequest } from "node:http";
import { createStudioClient, searchAssets } from "@studio-kit/core";
import { SANDBOX_KEYS } from "@studio-kit/sandbox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BoardView, CardView, MessageView, Workspace } from "../src/shared/api.js";
import { blocksOf, buttonsOf, type Driver, eventually, PNG, startDriver } from "./support/playground.js";

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const GENERAL = "C0GENERAL";

/** An input block of a modal, as far as these tests read it. */
interface InputBlock {
  type: string;
  block_id: string;
  element?: { type: string; action_id: string; options?: Array<{ text: { text: string }; value: string }> };
}

let driver: Driver;
beforeEach(async () => {
  driver = await startDriver();
});
afterEach(async () => {
  await driver.close();
  // The stand-in's bot token is made at start and never leaves the process: not in a log line either.
  expect(driver.logs.join("\n")).not.toContain("xoxb-");
});

const send = (text: string, user = ALICE, channel = GENERAL) => driver.api("/api/send", { user, channel, text });

const fromBot = async (channel = GENERAL, user = ALICE) =>
  (await driver.state(user, channel)).messages.filter((message) => message.fromBot);

/** The bot's message in the channel whose blocks hold `count` images. */
const imageResult = (count: number) =>
  eventually(async () => {
    const found = (await fromBot()).find((message) => blocksOf(message, "image").length === count);
    expect(found).toBeDefined();
    return found as MessageView;
  });

describe("the playground's API", () => {
  it("describes the workspace: three people, #general and #design with the bot, #random without, a DM each", async () => {
    const { status, body } = await driver.api<Workspace>("/api/workspace");
    expect(status).toBe(200);
    expect(body).toMatchObject({ team: "Studio Playground", bot: { id: "U0SIMBOT1", name: "Studio" } });
    expect(body.people.map((person) => person.id)).toEqual(["U0ALICE", "U0BOB", "U0CAROL"]);
    expect(body.channels.filter((channel) => channel.kind === "channel")).toEqual([
      { id: "C0GENERAL", name: "general", kind: "channel", member: true },
      { id: "C0DESIGN", name: "design", kind: "channel", member: true },
      { id: "C0RANDOM", name: "random", kind: "channel", member: false },
    ]);
    expect(body.channels.filter((channel) => channel.kind === "dm").map((channel) => channel.id)).toEqual([
      "DU0ALICE",
      "DU0BOB",
      "DU0CAROL",
    ]);
    expect(body).toMatchObject({ slack: "stand-in", studio: "sandbox", access: { restricted: false } });
  });

  it("runs /studio image with --count 2: the progress shows first, then one message with two images", async () => {
    expect((await send("/studio image a red fox --count 2")).body).toEqual({ ok: true });
    const progress = await eventually(async () => {
      const found = (await fromBot()).find((message) => message.text.includes("asked for 2 images"));
      expect(found).toBeDefined();
      return found as MessageView;
    });
    expect(blocksOf(progress, "image")).toHaveLength(0);
    const result = await imageResult(2);
    // The progress message was replaced by the results, as in Slack.
    expect(result.ts).toBe(progress.ts);
    expect(result).toMatchObject({ authorName: "Studio", fromBot: true, ephemeral: false, edited: true });
    expect(buttonsOf(result).filter((button) => button.actionId === "studio_add_to_board")).toHaveLength(2);
  });

  it("opens Add to board as a modal for the clicker only, and puts both images on the board picked", async () => {
    await send("/studio image a red fox --count 2");
    const result = await imageResult(2);
    const boards = (await driver.api<BoardView[]>("/api/boards")).body;
    const target = boards[0] as BoardView;
    const cardsOn = async () => (await driver.api<CardView[]>(`/api/boards/${target.conversationId}/cards`)).body;
    const before = (await cardsOn()).length;

    for (const button of buttonsOf(result).filter((each) => each.actionId === "studio_add_to_board")) {
      const click = await driver.api("/api/click", {
        user: ALICE,
        channel: GENERAL,
        messageTs: result.ts,
        actionId: button.actionId,
        value: button.value,
      });
      expect(click).toEqual({ status: 200, body: { ok: true } });
      const modal = await eventually(async () => {
        const [open] = (await driver.state(ALICE, GENERAL)).modals;
        expect(open).toBeDefined();
        return open as NonNullable<typeof open>;
      });
      expect((await driver.state(BOB, GENERAL)).modals).toEqual([]);
      // The pick list as the bot built it: an input block holding a static_select of boards.
      const input = (modal.view.blocks as InputBlock[]).find(
        (block) => block.type === "input" && block.element?.type === "static_select",
      ) as InputBlock;
      const option = (input.element?.options ?? []).find((each) => each.value === target.id);
      expect(option).toBeDefined();
      const submitted = await driver.api("/api/submit", {
        user: ALICE,
        viewId: modal.id,
        values: {
          [input.block_id]: { [input.element?.action_id ?? ""]: { type: "static_select", selected_option: option } },
        },
      });
      expect(submitted).toEqual({ status: 200, body: { responseAction: "close" } });
      expect((await driver.state(ALICE, GENERAL)).modals).toEqual([]);
    }

    const cards = await eventually(async () => {
      const now = await cardsOn();
      expect(now).toHaveLength(before + 2);
      return now;
    });
    const added = cards.slice(-2);
    for (const card of added) {
      expect(card).toMatchObject({ kind: "image" });
      expect(card.width).toBeGreaterThan(0);
      expect(card.previewUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    }
  });

  it("keeps a modal open with the error under the input when nothing is picked, and closes it on Cancel", async () => {
    await send("/studio image a red fox");
    const result = await imageResult(1);
    const [button] = buttonsOf(result).filter((each) => each.actionId === "studio_add_to_board");
    await driver.api("/api/click", { user: ALICE, channel: GENERAL, messageTs: result.ts, ...button });
    const modal = await eventually(async () => {
      const [open] = (await driver.state(ALICE, GENERAL)).modals;
      expect(open).toBeDefined();
      return open as NonNullable<typeof open>;
    });
    const submitted = await driver.api<{ responseAction: string; errors: Record<string, string> }>("/api/submit", {
      user: ALICE,
      viewId: modal.id,
      values: {},
    });
    expect(submitted.body.responseAction).toBe("errors");
    expect(Object.values(submitted.body.errors)).toEqual(["Choose a board, or type a title for a new one."]);
    expect((await driver.state(ALICE, GENERAL)).modals).toHaveLength(1);

    expect(await driver.api("/api/close", { user: ALICE, viewId: modal.id })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await driver.state(ALICE, GENERAL)).modals).toEqual([]);
  });

  it("ends /studio music with an audio file in the channel whose bytes /api/files serves", async () => {
    await send("/studio music a calm piano loop");
    const file = await eventually(async () => {
      const found = (await fromBot())
        .flatMap((message) => message.files)
        .find((each) => each.mimetype.startsWith("audio/"));
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    expect(file.url).toBe(`/api/files/${file.id}`);
    const response = await fetch(`${driver.playground.url}${file.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(file.mimetype);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(file.size);
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("RIFF");

    // Browsers seek media with byte ranges.
    const ranged = await fetch(`${driver.playground.url}${file.url}`, { headers: { range: "bytes=0-3" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 0-3/${file.size}`);
    expect(new TextDecoder().decode(await ranged.arrayBuffer())).toBe("RIFF");
  });

  it("stores a PNG uploaded in a DM in the studio library, and the bot answers there with Add to board", async () => {
    const dm = `D${ALICE}`;
    const form = new FormData();
    form.set("user", ALICE);
    form.set("channel", dm);
    form.append("file", new Blob([PNG], { type: "image/png" }), "moodboard.png");
    const response = await fetch(`${driver.playground.url}/api/upload`, { method: "POST", body: form });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    const mine = (await driver.state(ALICE, dm)).messages.find((message) => !message.fromBot);
    expect(mine?.files).toMatchObject([{ name: "moodboard.png", mimetype: "image/png", size: PNG.byteLength }]);
    // The agent view (the default): the DM is the conversation and each message there roots a thread the bot
    // answers in.
    const reply = await eventually(async () => {
      const thread = (await driver.state(ALICE, dm, { thread: mine?.ts ?? "" })).thread ?? [];
      const found = thread.find(
        (message) => message.fromBot && buttonsOf(message).some((b) => b.actionId === "studio_add_to_board"),
      );
      expect(found).toBeDefined();
      return found as MessageView;
    });
    expect(reply.text).toBe("moodboard.png is in the studio library");
    const { assetId } = JSON.parse(buttonsOf(reply)[0]?.value ?? "{}") as { assetId: string };
    const sandbox = driver.playground.sandbox;
    const client = createStudioClient({ apiKey: SANDBOX_KEYS.readWrite, baseUrl: sandbox?.url ?? "", retry: false });
    const ids: string[] = [];
    for await (const asset of searchAssets(client)) ids.push(asset.id);
    expect(ids).toContain(assetId);
  });

  it("publishes the Home tab when it is opened and answers the view with the id clicks name", async () => {
    const { status, body } = await driver.api<{ view: Record<string, unknown> | null }>("/api/home", { user: BOB });
    expect(status).toBe(200);
    expect(body.view).toMatchObject({ type: "home", id: "VHU0BOB" });
    expect(body.view?.blocks).toEqual(expect.arrayContaining([expect.objectContaining({ type: expect.any(String) })]));
  });
});

describe("long polling /api/state", () => {
  it("answers at once when the version asked for is not the current one", async () => {
    const { version } = await driver.state(ALICE, GENERAL);
    const started = Date.now();
    const state = await driver.state(ALICE, GENERAL, { since: String(version - 1) });
    expect(Date.now() - started).toBeLessThan(500);
    expect(state.version).toBe(version);
  });

  it("holds the request while nothing changes, then answers the same version", async () => {
    await driver.close();
    driver = await startDriver({ longPollMs: 600 });
    const { version } = await driver.state(ALICE, GENERAL);
    const started = Date.now();
    const state = await driver.state(ALICE, GENERAL, { since: String(version) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(state.version).toBe(version);
  });

  it("answers a held request as soon as someone sends a message", async () => {
    await driver.close();
    driver = await startDriver({ longPollMs: 5000 });
    const { version } = await driver.state(BOB, GENERAL);
    const started = Date.now();
    const held = driver.state(BOB, GENERAL, { since: String(version) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await send("hello everyone");
    const state = await held;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(state.version).toBeGreaterThan(version);
    expect(state.messages.map((message) => [message.authorName, message.text])).toEqual([["Alice", "hello everyone"]]);
  });
});

/** A raw GET, so the path reaches the server exactly as written (fetch would resolve the dot segments first). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname === "localhost" ? "127.0.0.1" : hostname, port, path }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("refusals", () => {
  it("refuses paths that climb out of the page's folder, plain or encoded", async () => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/..%2fpackage.json",
      "/web/..\\..\\package.json",
    ]) {
      const answer = await rawGet(driver.playground.url, path);
      expect(answer.status, path).toBe(400);
      expect(answer.body).not.toContain("@studio-kit/playground");
    }
  });

  it("refuses an empty message, an unknown person or channel, an unknown endpoint and a wrong method", async () => {
    expect(await send("   ")).toMatchObject({ status: 400, body: { error: "empty_text" } });
    expect(await send("hi", "U0MALLORY")).toMatchObject({ status: 400, body: { error: "unknown_user" } });
    expect(await send("hi", ALICE, "C0NOPE")).toMatchObject({ status: 404, body: { error: "channel_not_found" } });
    expect(await driver.api("/api/nope")).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect(await driver.api("/api/send")).toMatchObject({ status: 405, body: { error: "method_not_allowed" } });
    expect(await driver.api("/api/files/F0NOPE")).toMatchObject({ status: 404, body: { error: "file_not_found" } });
  });

  it("refuses a suggestion for a select that does not load its options from the bot", async () => {
    await send("/studio image a red fox");
    const result = await imageResult(1);
    const [button] = buttonsOf(result).filter((each) => each.actionId === "studio_add_to_board");
    await driver.api("/api/click", { user: ALICE, channel: GENERAL, messageTs: result.ts, ...button });
    const modal = await eventually(async () => {
      const [open] = (await driver.state(ALICE, GENERAL)).modals;
      expect(open).toBeDefined();
      return open as NonNullable<typeof open>;
    });
    const answer = await driver.api("/api/suggest", { user: ALICE, viewId: modal.id, actionId: "board", value: "spr" });
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_options" } });
  });
});
