// The workflow pane's pieces as plain nodes (tests call them without a DOM): a step's input fields, drawn from its
// declared parameters the way Workflow Builder asks for them (a people picker for a user id, a channel picker for a
// channel id, a number field for an integer), a run's outputs as a table, and the list of runs. Values are text
// nodes; only an http(s) value becomes a link.

import type {
  WorkflowParameterView,
  WorkflowRunState,
  WorkflowRunView,
  WorkflowStepView,
  Workspace,
} from "../../src/shared/api.js";
import { type Child, type Children, h, type VNode } from "../dom/vnode.js";
import { isLinkUrl, link } from "./mrkdwn.js";

/** What a field starts with, and the suggestions a text field offers. */
export interface FieldContext {
  workspace: Workspace;
  /** The person chosen in the user switcher: "Run as" starts there. */
  user: string;
  /** The channel open in the page, when it is a channel: "Channel" starts there. */
  channel: string;
}

/** The `<datalist>` ids the pane fills: the boards' titles, and the asset ids earlier runs made. */
export const BOARD_LIST_ID = "workflow-board-titles";
export const ASSET_LIST_ID = "workflow-asset-ids";

export const fieldId = (name: string) => `workflow-input-${name}`;
const hintId = (name: string) => `workflow-hint-${name}`;

const USER_TYPE = "slack#/types/user_id";
const CHANNEL_TYPE = "slack#/types/channel_id";

/** The suggestions a text field gets, by what its name says it holds (the bot's `board` and `asset_id`). */
function listFor(parameter: WorkflowParameterView): string | undefined {
  if (parameter.type !== "string") return undefined;
  if (parameter.name === "board") return BOARD_LIST_ID;
  if (parameter.name === "asset_id" || parameter.name.endsWith("_asset_id")) return ASSET_LIST_ID;
  return undefined;
}

function control(parameter: WorkflowParameterView, context: FieldContext): VNode {
  const { workspace } = context;
  const common = {
    id: fieldId(parameter.name),
    name: parameter.name,
    "data-input": parameter.name,
    "data-type": parameter.type,
    "aria-required": parameter.isRequired ? "true" : undefined,
    "aria-describedby": parameter.description ? hintId(parameter.name) : undefined,
  };
  if (parameter.type === USER_TYPE) {
    return h(
      "select",
      { ...common, class: "select" },
      workspace.people.map((person) =>
        h("option", { value: person.id, selected: person.id === context.user }, `${person.realName} (${person.name})`),
      ),
    );
  }
  if (parameter.type === CHANNEL_TYPE) {
    const channels = workspace.channels.filter((channel) => channel.kind === "channel");
    const start = channels.some((channel) => channel.id === context.channel) ? context.channel : channels[0]?.id;
    return h(
      "select",
      { ...common, class: "select" },
      channels.map((channel) =>
        h(
          "option",
          { value: channel.id, selected: channel.id === start },
          channel.member ? `#${channel.name}` : `#${channel.name} (${workspace.bot.name} is not in it)`,
        ),
      ),
    );
  }
  if (parameter.type === "boolean") return h("input", { ...common, type: "checkbox", class: "workflow-check" });
  if (parameter.type === "integer" || parameter.type === "number") {
    const whole = parameter.type === "integer";
    return h("input", {
      ...common,
      type: "number",
      class: "input workflow-number",
      step: whole ? "1" : "any",
      inputmode: whole ? "numeric" : "decimal",
      placeholder: parameter.hint,
    });
  }
  return h("input", {
    ...common,
    type: "text",
    class: "input",
    autocomplete: "off",
    list: listFor(parameter),
    placeholder: parameter.hint ?? (parameter.type === "array" ? "Separate values with commas" : undefined),
  });
}

/** One input: its title (with a required mark), the control for its type, and its description as the hint. */
export function renderField(parameter: WorkflowParameterView, context: FieldContext): VNode {
  const mark = parameter.isRequired
    ? [
        h("span", { class: "required-mark", "aria-hidden": "true", title: "Required" }, " *"),
        h("span", { class: "visually-hidden" }, " (required)"),
      ]
    : h("span", { class: "optional" }, " (optional)");
  const label = h("label", { class: "input-label", for: fieldId(parameter.name) }, [parameter.title, mark]);
  const hint = parameter.description
    ? h("p", { class: "input-hint", id: hintId(parameter.name) }, parameter.description)
    : null;
  const box = parameter.type === "boolean" ? "workflow-field workflow-field-check" : "workflow-field";
  return h("div", { class: box, "data-testid": "workflow-field", "data-input": parameter.name }, [
    label,
    control(parameter, context),
    hint,
  ]);
}

/** The state in words, as a badge. */
export function stateBadge(state: WorkflowRunState): VNode {
  const words = { running: "Running", completed: "Completed", failed: "Failed" }[state];
  return h("span", { class: `workflow-state workflow-state-${state}`, "data-testid": "workflow-state" }, words);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as a person reads it: names for people and channels, numbers grouped, dates in words, links for URLs. */
export function renderValue(parameter: WorkflowParameterView | undefined, value: unknown, workspace: Workspace): Child {
  if (Array.isArray(value)) {
    // Each item is of the array's `items` type, and keeps the array's name (`asset_ids`: ids, shown as code).
    const item = parameter && { ...parameter, type: parameter.items?.type ?? "string" };
    return h(
      "ul",
      { class: "workflow-values" },
      value.map((each) => h("li", {}, renderValue(item, each, workspace))),
    );
  }
  if (typeof value === "number") return value.toLocaleString("en-US");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value !== "string") return h("code", {}, JSON.stringify(value) ?? "");
  if (parameter?.type === USER_TYPE) {
    return workspace.people.find((person) => person.id === value)?.name ?? value;
  }
  if (parameter?.type === CHANNEL_TYPE) {
    const channel = workspace.channels.find((each) => each.id === value);
    return channel ? `#${channel.name}` : value;
  }
  if (isLinkUrl(value)) return link(value, [value]);
  if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) {
    const when = new Date(value).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
    return h("time", { datetime: value, title: value }, when);
  }
  // Ids are read and copied whole.
  if (parameter?.name.endsWith("_id") || parameter?.name.endsWith("_ids")) return h("code", {}, value);
  return value;
}

/** The outputs as a table, in the order the step declares them (then any it does not). */
export function renderOutputs(
  step: WorkflowStepView | undefined,
  outputs: Record<string, unknown>,
  workspace: Workspace,
) {
  const declared = step?.outputs ?? [];
  const names = [
    ...declared.map((parameter) => parameter.name).filter((name) => name in outputs),
    ...Object.keys(outputs).filter((name) => !declared.some((parameter) => parameter.name === name)),
  ];
  if (names.length === 0) return h("p", { class: "input-hint" }, "The step gave no outputs.");
  return h("table", { class: "workflow-outputs", "data-testid": "workflow-outputs" }, [
    h(
      "tbody",
      {},
      names.map((name) => {
        const parameter = declared.find((each) => each.name === name);
        return h("tr", { "data-output": name }, [
          h("th", { scope: "row" }, parameter?.title ?? name),
          h(
            "td",
            {},
            renderValue(parameter ?? { name, type: "", title: name, isRequired: false }, outputs[name], workspace),
          ),
        ]);
      }),
    ),
  ]);
}

/** A run as the result area shows it: running, its outputs, or its error in the bot's words. */
export function renderResult(
  run: Pick<WorkflowRunView, "title" | "state" | "outputs" | "error">,
  step: WorkflowStepView | undefined,
  workspace: Workspace,
): VNode {
  const head = h("div", { class: "workflow-result-head" }, [h("strong", {}, run.title), stateBadge(run.state)]);
  let body: Children;
  if (run.state === "running") {
    body = h(
      "p",
      { class: "input-hint" },
      `${workspace.bot.name} is working on it: this updates when the step completes.`,
    );
  } else if (run.state === "failed") {
    body = h("p", { class: "workflow-error", "data-testid": "workflow-error" }, run.error ?? "The step failed.");
  } else {
    body = renderOutputs(step, run.outputs ?? {}, workspace);
  }
  return h("div", { class: `workflow-result workflow-result-${run.state}`, "data-state": run.state }, [head, body]);
}

/** What a run was given, in one line: "Prompt: a fox · Channel: #general · Run as: Alice". */
export function inputSummary(run: WorkflowRunView, step: WorkflowStepView | undefined, workspace: Workspace): Child[] {
  const parts: Child[] = [];
  for (const [name, value] of Object.entries(run.inputs)) {
    const parameter = step?.inputs.find((each) => each.name === name);
    if (parts.length) parts.push(" · ");
    parts.push(`${parameter?.title ?? name}: `);
    parts.push(Array.isArray(value) ? value.map(String).join(", ") : textOfValue(parameter, value, workspace));
  }
  return parts.length ? parts : ["No inputs"];
}

function textOfValue(parameter: WorkflowParameterView | undefined, value: unknown, workspace: Workspace): string {
  const node = renderValue(parameter, value, workspace);
  if (typeof node === "string") return node;
  return typeof value === "string" ? value : JSON.stringify(value);
}

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** One run in the history: its step, state and time, what it was given, and its outputs or error. */
export function renderRunItem(run: WorkflowRunView, step: WorkflowStepView | undefined, workspace: Workspace): VNode {
  const outcome =
    run.state === "failed"
      ? h("p", { class: "workflow-run-error" }, run.error ?? "The step failed.")
      : run.state === "completed" && run.outputs
        ? renderOutputs(step, run.outputs, workspace)
        : null;
  return h(
    "li",
    {
      class: "workflow-run",
      "data-testid": "workflow-run",
      "data-state": run.state,
      "data-execution-id": run.executionId,
    },
    [
      h("div", { class: "workflow-result-head" }, [
        h("strong", {}, run.title),
        stateBadge(run.state),
        h(
          "time",
          { class: "workflow-run-time", datetime: new Date(run.startedAt).toISOString() },
          clock(run.startedAt),
        ),
      ]),
      h("p", { class: "workflow-run-inputs" }, inputSummary(run, step, workspace)),
      outcome,
    ],
  );
}
