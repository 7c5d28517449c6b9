// The "Ask Slackbot" pane: the bot's MCP tools as Slackbot's MCP client calls them (slack-sim's `sim.slackbot`: the
// Streamable HTTP transport to the bot's /mcp, every request signed with Slack identity auth for the person chosen in
// the user switcher). It lists the tools, draws the chosen one's form from its input schema, calls it and shows the
// answer. It says plainly what it does not emulate: Slackbot's language model, which would pick the tool and its
// arguments from what the person asks. Opened from "Ask Slackbot" in the sidebar; one side pane at a time.

import type { Workspace } from "../../src/shared/api.js";
import type { SlackbotCallAnswer, SlackbotToolView } from "../../src/shared/slackbot.js";
import { h, mount, type VNode } from "../dom/vnode.js";
import {
  argumentId,
  readJsonArgument,
  renderAnswer,
  renderArguments,
  type SchemaProperty,
  takesJson,
  typeOf,
} from "../render/slackbot.js";
import type { SlackbotApi } from "../slackbot-api.js";
import { pickerForm, showPane, sidePaneEntry, sidePaneFrame } from "./side-pane.js";
import { errorText } from "./toast.js";

export interface SlackbotPane {
  isOpen(): boolean;
  /** Shows the pane; the first time (and for another person) it reads the tools. */
  open(): Promise<void>;
  close(): void;
  /** Another person was chosen in the user switcher: the calls are theirs from now on. */
  userChanged(): void;
}

/** What the page shows about the emulation, word for word (the browser test reads it). */
export const SLACKBOT_NOTICE =
  "This emulates how Slackbot's MCP client reaches Studio: the transport (Streamable HTTP to the bot's /mcp) and the signed Slack identity of the person chosen in the switcher. It does not emulate Slackbot's language model: here you pick the tool and its arguments yourself, where Slackbot would choose them from what the person asks.";

export function createSlackbotPane(options: {
  doc: Document;
  api: SlackbotApi;
  workspace: Workspace;
  user(): string;
  /** Where the entry button goes (the sidebar) and where the pane goes (beside the conversation). */
  hosts: { sidebar: HTMLElement; panes: HTMLElement };
  /** The pane opened or closed: the page closes the other side panes. */
  onToggle(open: boolean): void;
  /** A call ended (a result may have landed in the person's DM or on a board). */
  afterCall?(): void;
}): SlackbotPane {
  const { doc, api, workspace } = options;
  let open = false;
  let tools: SlackbotToolView[] = [];
  let toolsFor: string | undefined;
  let chosen: string | undefined;
  let busy = false;

  const refs: Record<string, HTMLElement> = {};
  const ref = (name: string) => (element: HTMLElement) => {
    refs[name] = element;
  };
  const el = <T extends HTMLElement>(name: string) => refs[name] as T;

  const names = { key: "slackbot", heading: "Slackbot", title: "Ask Slackbot", icon: "✦" };
  const toggleNode = sidePaneEntry(names, () => (open ? pane.close() : void pane.open()), ref("toggle"));

  const paneNode: VNode = sidePaneFrame(
    names,
    "Close Ask Slackbot",
    () => pane.close(),
    h("div", { class: "slackbot-body" }, [
      h("p", { class: "slackbot-notice", "data-testid": "slackbot-notice" }, SLACKBOT_NOTICE),
      h("p", { class: "slackbot-as", "data-testid": "slackbot-as" }, [], { ref: ref("as") }),
      pickerForm(
        "slackbot",
        { name: "Call a tool", picked: "tool", label: "Tool", submit: "Call tool", submitTestId: "slackbot-call" },
        ref,
        {
          pick: () => pick(el<HTMLSelectElement>("picker").value),
          submit: (event) => void submit(event),
        },
      ),
      h("section", { class: "slackbot-section", "aria-label": "Answer", "aria-live": "polite" }, [], {
        ref: ref("answer"),
      }),
    ]),
    ref("root"),
  );
  options.hosts.sidebar.append(mount(toggleNode, doc));
  options.hosts.panes.append(mount(paneNode, doc));

  const toolOf = (name: string | undefined) => tools.find((tool) => tool.name === name);
  const replace = (name: string, nodes: (VNode | string)[]) =>
    el(name).replaceChildren(...nodes.map((node) => mount(node, doc)));
  const showError = (message: string | null) => {
    el("error").textContent = message ?? "";
    el("error").hidden = !message;
  };
  const drawButton = () => {
    const button = el<HTMLButtonElement>("run");
    button.disabled = busy || !toolOf(chosen);
    button.textContent = busy ? "Calling…" : "Call tool";
  };
  const drawAs = () => {
    const person = workspace.people.find((each) => each.id === options.user());
    el("as").textContent =
      `Asking as ${person?.realName ?? options.user()} (Slack user ${options.user()}): the bot applies their access rules, quota and budget, and a generation's result goes to their DM with ${workspace.bot.name}.`;
  };

  function pick(name: string) {
    chosen = name;
    const tool = toolOf(name);
    el("description").textContent = tool
      ? `${tool.readOnly ? "Reads only." : "May spend credits."} ${tool.description}`
      : "";
    replace("fields", tool ? renderArguments(tool) : []);
    showError(null);
    drawButton();
  }

  /** The form's values as the tool's arguments, typed by its schema; empty fields left out. */
  const readArguments = (tool: SlackbotToolView): Record<string, unknown> | string => {
    const values: Record<string, unknown> = {};
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, SchemaProperty>;
    for (const [name, property] of Object.entries(properties)) {
      const field = doc.getElementById(argumentId(name)) as HTMLInputElement | HTMLSelectElement | null;
      if (!field) continue;
      field.removeAttribute("aria-invalid");
      const type = typeOf(property);
      if (field instanceof HTMLInputElement && field.type === "checkbox") {
        if (field.checked) values[name] = true;
        continue;
      }
      const text = field.value.trim();
      if (text === "") continue;
      if (takesJson(property)) {
        const read = readJsonArgument(name, property, text);
        if (!read.ok) {
          field.setAttribute("aria-invalid", "true");
          return read.error;
        }
        values[name] = read.value;
      } else if (type === "number" || type === "integer") {
        const number = Number(text);
        if (!Number.isFinite(number)) {
          field.setAttribute("aria-invalid", "true");
          return `${name} must be a number.`;
        }
        values[name] = number;
      } else if (type === "array") {
        values[name] = text
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean);
      } else {
        values[name] = text;
      }
    }
    const missing = (tool.inputSchema.required ?? []).find((name) => values[name] === undefined);
    if (missing) {
      doc.getElementById(argumentId(missing))?.setAttribute("aria-invalid", "true");
      return `${missing} is required: fill it in.`;
    }
    return values;
  };

  const drawAnswer = (tool: string, answer: SlackbotCallAnswer | "running") => {
    replace("answer", [renderAnswer(tool, answer)]);
    el("answer").scrollIntoView?.({ block: "nearest" });
  };

  async function submit(event: Event) {
    event.preventDefault();
    const tool = toolOf(chosen);
    if (busy || !tool) return;
    showError(null);
    const values = readArguments(tool);
    if (typeof values === "string") {
      showError(values);
      return;
    }
    busy = true;
    drawButton();
    drawAnswer(tool.name, "running");
    try {
      drawAnswer(tool.name, await api.call({ user: options.user(), tool: tool.name, arguments: values }));
    } catch (error) {
      replace("answer", []);
      showError(`Not called: ${errorText(error)}`);
    } finally {
      busy = false;
      drawButton();
      options.afterCall?.();
    }
  }

  const loadTools = async () => {
    const user = options.user();
    try {
      tools = (await api.tools(user)).tools;
      toolsFor = user;
    } catch (error) {
      tools = [];
      showError(`Could not list the tools: ${errorText(error)}`);
      return;
    }
    replace(
      "picker",
      tools.map((tool) => h("option", { value: tool.name }, `${tool.title} (${tool.name})`)),
    );
    const first = toolOf(chosen)?.name ?? tools[0]?.name ?? "";
    el<HTMLSelectElement>("picker").value = first;
    pick(first);
  };

  const setOpen = (value: boolean) => {
    open = value;
    showPane(el("root"), el("toggle"), value);
    options.onToggle(value);
  };

  drawButton();

  const pane: SlackbotPane = {
    isOpen: () => open,
    async open() {
      setOpen(true);
      drawAs();
      if (toolsFor !== options.user()) await loadTools();
    },
    close() {
      if (open) setOpen(false);
    },
    userChanged() {
      drawAs();
      if (open && toolsFor !== options.user()) void loadTools();
    },
  };
  return pane;
}
