import { describe, expect, it } from "vitest";
import { validateMessage, validateView } from "../src/index.js";

const section = (text: string) => ({ type: "section", text: { type: "mrkdwn", text } });

describe("Block Kit validation", () => {
  it("accepts a plain message and refuses one with neither text nor blocks", () => {
    expect(validateMessage(undefined, "hi")).toEqual({ ok: true });
    expect(validateMessage(undefined, "")).toMatchObject({ ok: false, error: "no_text" });
  });

  it("refuses more than 50 blocks in a message but allows 100 in a modal", () => {
    const blocks = Array.from({ length: 51 }, () => ({ type: "divider" }));
    expect(validateMessage(blocks, "t")).toMatchObject({ ok: false, error: "invalid_blocks" });
    const modal = { type: "modal", title: { type: "plain_text", text: "T" }, blocks: [...blocks, ...blocks.slice(2)] };
    expect(validateView(modal)).toEqual({ ok: true });
    expect(validateView({ ...modal, blocks: [...blocks, ...blocks] })).toMatchObject({ error: "invalid_arguments" });
  });

  it("refuses section text over 3000, empty section text, and more than 10 fields", () => {
    expect(validateMessage([section("x".repeat(3001))], "t")).toMatchObject({ error: "invalid_blocks" });
    expect(validateMessage([section("")], "t")).toMatchObject({ error: "invalid_blocks" });
    const fields = Array.from({ length: 11 }, () => ({ type: "mrkdwn", text: "f" }));
    expect(validateMessage([{ type: "section", fields }], "t")).toMatchObject({ error: "invalid_blocks" });
  });

  it("checks ids, images, buttons, actions and static selects", () => {
    const button = (extra: object) => ({
      type: "button",
      action_id: "a",
      text: { type: "plain_text", text: "B" },
      ...extra,
    });
    const cases = [
      [{ type: "divider", block_id: "b".repeat(256) }],
      [{ type: "image", image_url: `https://x/${"a".repeat(3000)}`, alt_text: "a" }],
      [{ type: "image", image_url: "https://x/a.png", alt_text: "a".repeat(2001) }],
      [{ type: "actions", elements: [button({ value: "v".repeat(2001) })] }],
      [{ type: "actions", elements: [button({ url: `https://${"u".repeat(3000)}` })] }],
      [{ type: "actions", elements: Array.from({ length: 26 }, () => button({})) }],
      [{ type: "actions", elements: [{ type: "static_select", action_id: "s", options: Array(101).fill({}) }] }],
    ];
    for (const blocks of cases)
      expect(validateMessage(blocks, "t")).toMatchObject({ ok: false, error: "invalid_blocks" });
  });

  it("answers msg_blocks_too_long past about 13,200 characters of text", () => {
    const blocks = Array.from({ length: 5 }, () => section("x".repeat(2700)));
    expect(validateMessage(blocks, "t")).toMatchObject({ ok: false, error: "msg_blocks_too_long" });
    expect(validateMessage(blocks.slice(0, 4), "t")).toEqual({ ok: true });
  });

  it("takes an image from exactly one of image_url or slack_file, and a slack_file as { id } or { url }", () => {
    const img = (source: object) => [{ type: "image", alt_text: "a", ...source }];
    const accessory = (source: object) => [
      { type: "section", text: { type: "mrkdwn", text: "t" }, accessory: { type: "image", alt_text: "a", ...source } },
    ];
    const context = (source: object) => [{ type: "context", elements: [{ type: "image", alt_text: "a", ...source }] }];
    for (const wrap of [img, accessory, context]) {
      expect(validateMessage(wrap({ image_url: "https://x/a.png" }), "t")).toEqual({ ok: true });
      expect(validateMessage(wrap({ slack_file: { id: "F01" } }), "t")).toEqual({ ok: true });
      expect(
        validateMessage(wrap({ slack_file: { url: "https://files.slack.com/files-pri/T1-F1/a.png" } }), "t"),
      ).toEqual({
        ok: true,
      });
      for (const bad of [
        {},
        { image_url: "https://x/a.png", slack_file: { id: "F01" } },
        { slack_file: { id: "F01", url: "https://x/a.png" } },
        { slack_file: {} },
        { slack_file: "F01" },
        { slack_file: { id: "" } },
      ]) {
        expect(validateMessage(wrap(bad), "t")).toMatchObject({ ok: false, error: "invalid_blocks" });
      }
    }
  });

  it("looks a slack_file id up when given the workspace's files: it must be a png, jpg, jpeg or gif", () => {
    const files: Record<string, { name: string; mimetype: string }> = {
      F1: { name: "a.png", mimetype: "image/png" },
      F2: { name: "b.jpg", mimetype: "image/jpeg" },
      F3: { name: "c.gif", mimetype: "image/gif" },
      F4: { name: "d.mp4", mimetype: "video/mp4" },
    };
    const options = { file: (id: string) => files[id] };
    const blocks = (id: string) => [{ type: "image", alt_text: "a", slack_file: { id } }];
    for (const id of ["F1", "F2", "F3"]) expect(validateMessage(blocks(id), "t", options)).toEqual({ ok: true });
    expect(validateMessage(blocks("F4"), "t", options)).toEqual({
      ok: false,
      error: "invalid_blocks",
      problems: [
        "blocks[0].slack_file.id: invalid slack file: F4 (d.mp4, video/mp4) is not a png, jpg, jpeg or gif image",
      ],
    });
    expect(validateMessage(blocks("F9"), "t", options)).toMatchObject({
      problems: ["blocks[0].slack_file.id: invalid slack file: no file F9 in the workspace"],
    });
    const home = { type: "home", blocks: blocks("F4") };
    expect(validateView(home, options)).toMatchObject({ ok: false, error: "invalid_arguments" });
    expect(validateView(home)).toEqual({ ok: true });
  });
});
