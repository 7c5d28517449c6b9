// The Ask Slackbot form's JSON fields: an object, or a list of objects, is typed as JSON. The form offered
// comma-separated text for every list, so add_to_board's `assets` (each { assetType, assetId }) went as strings and
// the tool refused it whatever a person typed ("expected object, received string at assets[0]"): found trying
// the pane. The form is read without a browser here; the last test calls the bot's real tool with what it read.
import { describe, expect, it } from "vitest";
import type { SlackbotCallAnswer, SlackbotTools } from "../src/shared/slackbot.js";
import type { VNode } from "../web/dom/vnode.js";
import { exampleOf, readJsonArgument, renderArgument, type SchemaProperty, takesJson } from "../web/render/slackbot.js";
import { startDriver } from "./support/playground.js";

const ASSETS: SchemaProperty = {
  type: "array",
  description: "the assets, such as a generate_* result's records (kind and id)",
  items: {
    type: "object",
    properties: { assetType: { type: "string", enum: ["image", "video", "audio"] }, assetId: { type: "string" } },
    required: ["assetType", "assetId"],
  },
};

const control = (node: VNode): VNode | undefined =>
  node.children.find((child): child is VNode => typeof child !== "string" && child.attrs.id === "slackbot-arg-assets");

describe("the Ask Slackbot form's JSON fields", () => {
  it("draws a list of objects as JSON with its shape as the placeholder, and a list of strings as text", () => {
    expect(takesJson(ASSETS)).toBe(true);
    expect(takesJson({ type: "object" })).toBe(true);
    expect(takesJson({ type: "array", items: { type: "string" } })).toBe(false);
    expect(takesJson({ type: "string" })).toBe(false);
    const field = control(renderArgument("assets", ASSETS, true));
    expect(field?.tag).toBe("textarea");
    expect(field?.attrs["data-type"]).toBe("json");
    expect(field?.attrs.placeholder).toBe('[{"assetType":"image","assetId":"…"}]');
    expect(exampleOf({ type: "object", properties: { n: { type: "integer" }, on: { type: "boolean" } } })).toEqual({
      n: 1,
      on: true,
    });
  });

  it("reads the JSON typed, and says what to type when it is not JSON or not of the field's shape", () => {
    expect(readJsonArgument("assets", ASSETS, '[{"assetType":"image","assetId":"img_1"}]')).toEqual({
      ok: true,
      value: [{ assetType: "image", assetId: "img_1" }],
    });
    expect(readJsonArgument("assets", ASSETS, "img_1, img_2")).toEqual({
      ok: false,
      error: 'assets takes JSON, such as [{"assetType":"image","assetId":"…"}].',
    });
    expect(readJsonArgument("assets", ASSETS, '{"assetType":"image","assetId":"img_1"}')).toEqual({
      ok: false,
      error: 'assets takes a JSON list, such as [{"assetType":"image","assetId":"…"}].',
    });
    expect(readJsonArgument("filter", { type: "object" }, "[1]")).toEqual({
      ok: false,
      error: "filter takes a JSON object, such as {}.",
    });
  });

  it("reads add_to_board's assets, as the bot's tool lists them, into arguments the tool takes", async () => {
    const driver = await startDriver();
    try {
      const listed = await driver.api<SlackbotTools>("/api/slackbot/tools?user=U0ALICE");
      const tool = listed.body.tools.find((t) => t.name === "add_to_board");
      const assets = tool?.inputSchema.properties?.assets as SchemaProperty;
      expect(takesJson(assets)).toBe(true);
      // An image of Alice's to add: a generation through the same pane, waited for.
      const made = await driver.api<SlackbotCallAnswer>("/api/slackbot/call", {
        user: "U0ALICE",
        tool: "generate_image",
        arguments: { prompt: "a teal teapot", wait: true },
      });
      const records = (made.body as { structured?: { job?: { records?: { id: string }[] } } }).structured?.job?.records;
      const id = records?.[0]?.id ?? "";
      expect(id).toMatch(/^img_/);
      const read = readJsonArgument("assets", assets, `[{"assetType":"image","assetId":"${id}"}]`);
      if (!read.ok) throw new Error(read.error);
      const added = await driver.api<SlackbotCallAnswer>("/api/slackbot/call", {
        user: "U0ALICE",
        tool: "add_to_board",
        arguments: { board: "Spring campaign", assets: read.value },
      });
      expect(added.body).toMatchObject({ ok: true, isError: false });
    } finally {
      await driver.close();
    }
  }, 60_000);
});
