// The workflow pane's pieces without a browser: each input drawn for its declared type (a people picker starting at
// the person chosen in the switcher, a channel picker, a number field for an integer), required marks, outputs as a
// table with ids as code and only http(s) values as links, and a person's text kept as text.
import { describe, expect, it } from "vitest";
import type { WorkflowParameterView, WorkflowStepView } from "../src/shared/api.js";
import { type Child, textOf, type VNode } from "../web/dom/vnode.js";
import { renderField, renderOutputs, renderResult, renderRunItem } from "../web/render/workflow.js";
import { WORKSPACE } from "./support/workspace.js";

const param = (name: string, type: string, extra: Partial<WorkflowParameterView> = {}): WorkflowParameterView => ({
  name,
  type,
  title: name,
  isRequired: false,
  ...extra,
});

const STEP: WorkflowStepView = {
  callbackId: "generate_image",
  title: "Generate an image",
  inputs: [],
  outputs: [
    param("asset_ids", "array", { title: "Asset ids", items: { type: "string" } }),
    param("permalink", "string", { title: "Result link" }),
    param("balance", "number", { title: "Credits" }),
  ],
};

/** Every element node under `node` (itself included) with this tag. */
function find(node: Child, tag: string): VNode[] {
  if (typeof node === "string") return [];
  return [...(node.tag === tag ? [node] : []), ...node.children.flatMap((child) => find(child, tag))];
}

const context = { workspace: WORKSPACE, user: "U0BOB", channel: "DU0ALICE" };

describe("the step's fields", () => {
  it("draws a people picker starting at the switcher's person, and a channel picker of channels only", () => {
    const runAs = renderField(param("user", "slack#/types/user_id", { title: "Run as", isRequired: true }), context);
    const chosen = find(runAs, "option").filter((option) => option.attrs.selected);
    expect(chosen.map((option) => option.attrs.value)).toEqual(["U0BOB"]);
    expect(textOf(find(runAs, "label"))).toBe("Run as * (required)");

    const channel = renderField(param("channel", "slack#/types/channel_id"), context);
    const options = find(channel, "option");
    // Not in a channel (a DM is open): the first channel is chosen; the bot's absence is said.
    expect(options.map((option) => [option.attrs.value, textOf(option), Boolean(option.attrs.selected)])).toEqual([
      ["C0GENERAL", "#general", true],
      ["C0RANDOM", "#random (Studio is not in it)", false],
    ]);
    expect(textOf(find(channel, "label"))).toBe("channel (optional)");
  });

  it("draws an integer as a whole-number field, a board as text with the boards' titles offered, and the description as the hint", () => {
    const count = renderField(param("count", "integer", { title: "Count", description: "1 to 4" }), context);
    const [input] = find(count, "input");
    expect(input?.attrs).toMatchObject({
      type: "number",
      step: "1",
      name: "count",
      "aria-describedby": "workflow-hint-count",
    });
    expect(textOf(find(count, "p"))).toBe("1 to 4");
    const board = renderField(param("board", "string"), context);
    expect(find(board, "input")[0]?.attrs).toMatchObject({ type: "text", list: "workflow-board-titles" });
  });
});

describe("a run's result", () => {
  it("shows the outputs in the step's order: ids as code, a permalink as a link, numbers grouped", () => {
    const table = renderOutputs(
      STEP,
      { balance: 12500, permalink: "https://studio-sim.slack.com/archives/C0GENERAL/p1", asset_ids: ["A1", "A2"] },
      WORKSPACE,
    );
    const rows = find(table, "tr").map((row) => [row.attrs["data-output"], textOf(row)]);
    expect(rows).toEqual([
      ["asset_ids", "Asset idsA1A2"],
      ["permalink", "Result linkhttps://studio-sim.slack.com/archives/C0GENERAL/p1"],
      ["balance", "Credits12,500"],
    ]);
    expect(find(table, "code").map((code) => textOf(code))).toEqual(["A1", "A2"]);
    expect(find(table, "a").map((a) => a.attrs.href)).toEqual(["https://studio-sim.slack.com/archives/C0GENERAL/p1"]);
  });

  it("keeps text that looks like markup or a script link as plain text", () => {
    const table = renderOutputs(
      STEP,
      { permalink: "javascript:alert(1)", note: "<img src=x onerror=alert(1)>" },
      WORKSPACE,
    );
    expect(find(table, "a")).toEqual([]);
    expect(find(table, "img")).toEqual([]);
    expect(textOf(table)).toContain("<img src=x onerror=alert(1)>");
  });

  it("says a failure in the bot's words, and a run still going in words", () => {
    const failed = renderResult(
      { title: "Check credits", state: "failed", error: "Studio: Not enough credits" },
      STEP,
      WORKSPACE,
    );
    expect(textOf(failed)).toBe("Check creditsFailedStudio: Not enough credits");
    const running = renderResult({ title: "Generate an image", state: "running" }, STEP, WORKSPACE);
    expect(textOf(running)).toContain("Running");
    expect(textOf(running)).toContain("Studio is working on it");
  });

  it("lists a run with what it was given, names for people and channels", () => {
    const step = {
      ...STEP,
      inputs: [
        param("user", "slack#/types/user_id", { title: "Run as" }),
        param("channel", "slack#/types/channel_id", { title: "Channel" }),
      ],
    };
    const item = renderRunItem(
      {
        executionId: "Fx1",
        callbackId: "generate_image",
        title: "Generate an image",
        state: "completed",
        inputs: { user: "U0ALICE", channel: "C0GENERAL" },
        outputs: { asset_ids: ["A1"] },
        startedAt: 0,
      },
      step,
      WORKSPACE,
    );
    expect(textOf(find(item, "p")[0] ?? "")).toBe("Run as: Alice · Channel: #general");
    expect(item.attrs).toMatchObject({ "data-state": "completed", "data-execution-id": "Fx1" });
  });
});
