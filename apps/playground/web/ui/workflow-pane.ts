// The workflow pane: run one of the bot's Workflow Builder steps as a workflow would (slack-sim's function_executed),
// from a form drawn from the bot's manifest. It shows the run's outputs or its error, and every run so far (kept
// current by a long poll on GET /api/workflow/runs). Opened from "Workflow steps" in the sidebar; it takes the
// thread's and the assistant's place beside the conversation, so a result posted in the channel is seen landing.

import type { WorkflowRunView, WorkflowStepView, Workspace } from "../../src/shared/api.js";
import type { Api } from "../api.js";
import { h, mount, type VNode } from "../dom/vnode.js";
import { type Watch, watchVersions } from "../poll.js";
import { ASSET_LIST_ID, BOARD_LIST_ID, fieldId, renderField, renderResult, renderRunItem } from "../render/workflow.js";
import type { WorkflowApi } from "../workflow-api.js";
import { pickerForm, showPane, sidePaneEntry, sidePaneFrame } from "./side-pane.js";
import { errorText } from "./toast.js";

export interface WorkflowPane {
  isOpen(): boolean;
  /** Shows the pane; the first time it reads the steps. */
  open(): Promise<void>;
  close(): void;
  /** Another person was chosen in the user switcher: "Run as" follows, unless it was picked by hand. */
  userChanged(): void;
}

/** The result area's run: the one started from this form, as its answer and then the runs list tell. */
type Shown = Pick<WorkflowRunView, "title" | "state" | "outputs" | "error"> & {
  callbackId: string;
  executionId?: string;
};

const USER_TYPE = "slack#/types/user_id";

export function createWorkflowPane(options: {
  doc: Document;
  api: WorkflowApi;
  /** The board titles the Board fields suggest. */
  boards: Pick<Api, "boards">;
  workspace: Workspace;
  user(): string;
  /** The conversation open in the page: "Channel" starts there when it is a channel. */
  channel(): string;
  /** Where the entry button goes (the sidebar) and where the pane goes (beside the conversation). */
  hosts: { sidebar: HTMLElement; panes: HTMLElement };
  /** The pane opened or closed: the page closes the other side panes. */
  onToggle(open: boolean): void;
  /** A run ended (a card may have landed on a board). */
  afterRun?(): void;
}): WorkflowPane {
  const { doc, api, workspace } = options;
  let open = false;
  let steps: WorkflowStepView[] = [];
  let chosen: string | undefined;
  let runs: WorkflowRunView[] = [];
  let shown: Shown | undefined;
  // `busy` from the click until the run ends (its answer, or the runs list once the answer said "running"): the
  // button is disabled and a second submit (a double click, Enter) starts nothing.
  let busy = false;
  let watch: Watch | undefined;

  const refs: Record<string, HTMLElement> = {};
  const ref = (name: string) => (element: HTMLElement) => {
    refs[name] = element;
  };
  const el = <T extends HTMLElement>(name: string) => refs[name] as T;

  const names = { key: "workflow", heading: "Automations", title: "Workflow steps", icon: "ϟ" };
  const toggleNode = sidePaneEntry(names, () => (open ? pane.close() : void pane.open()), ref("toggle"));

  const paneNode: VNode = sidePaneFrame(
    names,
    "Close workflow steps",
    () => pane.close(),
    h("div", { class: "workflow-body" }, [
      h(
        "p",
        { class: "workflow-intro" },
        `Run one of ${workspace.bot.name}'s Workflow Builder steps as a workflow would, with the inputs below.`,
      ),
      pickerForm(
        "workflow",
        {
          name: "Run a workflow step",
          picked: "step",
          label: "Step",
          submit: "Run step",
          submitTestId: "workflow-run-step",
        },
        ref,
        {
          pick: () => pick(el<HTMLSelectElement>("picker").value),
          submit: (event) => void submit(event),
        },
      ),
      h("section", { class: "workflow-section", "aria-label": "Result", "aria-live": "polite" }, [], {
        ref: ref("result"),
      }),
      h("section", { class: "workflow-section", "aria-labelledby": "workflow-runs-heading" }, [
        h("h3", { class: "workflow-heading", id: "workflow-runs-heading" }, "Runs"),
        h("ol", { class: "workflow-runs", "data-testid": "workflow-runs" }, [], { ref: ref("runs") }),
      ]),
      h("datalist", { id: BOARD_LIST_ID }, [], { ref: ref("boards") }),
      h("datalist", { id: ASSET_LIST_ID }, [], { ref: ref("assets") }),
    ]),
    ref("root"),
  );
  options.hosts.sidebar.append(mount(toggleNode, doc));
  options.hosts.panes.append(mount(paneNode, doc));

  const stepOf = (callbackId: string | undefined) => steps.find((step) => step.callbackId === callbackId);
  const replace = (name: string, nodes: (VNode | string)[]) =>
    el(name).replaceChildren(...nodes.map((node) => mount(node, doc)));

  const drawButton = () => {
    const button = el<HTMLButtonElement>("run");
    button.disabled = busy || !stepOf(chosen);
    button.textContent = busy ? "Running…" : "Run step";
  };
  const showError = (message: string | null) => {
    el("error").textContent = message ?? "";
    el("error").hidden = !message;
  };
  // The form can be taller than the pane: a run's result is brought into view under it when it starts and ends.
  const drawResult = (reveal = false) => {
    replace("result", shown ? [renderResult(shown, stepOf(shown.callbackId), workspace)] : []);
    if (reveal && shown) el("result").scrollIntoView?.({ block: "nearest" });
  };
  const drawRuns = () =>
    replace(
      "runs",
      runs.length
        ? runs.map((run) => renderRunItem(run, stepOf(run.callbackId), workspace))
        : [h("li", { class: "workflow-runs-empty" }, "No runs yet.")],
    );
  const fillList = (name: string, values: string[]) =>
    replace(
      name,
      [...new Set(values)].map((value) => h("option", { value })),
    );

  function pick(callbackId: string) {
    chosen = callbackId;
    const step = stepOf(callbackId);
    el("description").textContent = step?.description ?? "";
    const context = { workspace, user: options.user(), channel: options.channel() };
    replace("fields", step ? step.inputs.map((parameter) => renderField(parameter, context)) : []);
    // A person picked by hand stays picked when the switcher changes; the default follows it.
    for (const select of el("fields").querySelectorAll<HTMLSelectElement>(`select[data-type="${USER_TYPE}"]`)) {
      select.addEventListener("change", () => select.setAttribute("data-picked", ""), { once: true });
    }
    showError(null);
    drawButton();
  }

  /** The form's values as the step's inputs: empty fields left out (the server refuses a required one). */
  const readInputs = (step: WorkflowStepView): Record<string, unknown> => {
    const inputs: Record<string, unknown> = {};
    for (const parameter of step.inputs) {
      const field = doc.getElementById(fieldId(parameter.name)) as HTMLInputElement | HTMLSelectElement | null;
      if (!field) continue;
      field.removeAttribute("aria-invalid");
      if (field instanceof HTMLInputElement && field.type === "checkbox") {
        inputs[parameter.name] = field.checked;
      } else if (parameter.type === "array") {
        const items = field.value.split(",").map((item) => item.trim());
        if (items.some(Boolean)) inputs[parameter.name] = items.filter(Boolean);
      } else if (field.value.trim() !== "") {
        inputs[parameter.name] = field.value;
      }
    }
    return inputs;
  };

  // The server names the field it refused (`Count ("count") must be …`): mark that one.
  const markInvalid = (message: string) => {
    const name = /\("([^"]+)"\)/.exec(message)?.[1] ?? /^"([^"]+)"/.exec(message)?.[1];
    if (name) doc.getElementById(fieldId(name))?.setAttribute("aria-invalid", "true");
  };

  const ended = () => {
    busy = false;
    drawButton();
    options.afterRun?.();
  };

  async function submit(event: Event) {
    event.preventDefault();
    const step = stepOf(chosen);
    if (busy || !step) return;
    showError(null);
    const inputs = readInputs(step);
    // Workflow Builder does not save a step with a required input empty: say so here, before any request.
    const empty = step.inputs.find((parameter) => parameter.isRequired && inputs[parameter.name] === undefined);
    if (empty) {
      showError(`${empty.title} is required: fill it in.`);
      doc.getElementById(fieldId(empty.name))?.setAttribute("aria-invalid", "true");
      doc.getElementById(fieldId(empty.name))?.focus();
      return;
    }
    busy = true;
    shown = { title: step.title, callbackId: step.callbackId, state: "running" };
    drawButton();
    drawResult(true);
    try {
      const answer = await api.run({ step: step.callbackId, inputs });
      shown = { ...answer, title: step.title, callbackId: step.callbackId };
      drawResult(true);
      // Past the server's wait the run goes on: the runs list says when it ends.
      if (answer.state === "running") follow();
      else ended();
    } catch (error) {
      shown = undefined;
      drawResult();
      const message = errorText(error);
      showError(`Not run: ${message}`);
      markInvalid(message);
      busy = false;
      drawButton();
    }
  }

  // Brings the result area up to date with the runs list, and ends the wait for a run that was still running.
  const follow = () => {
    const run = shown?.executionId ? runs.find((each) => each.executionId === shown?.executionId) : undefined;
    if (!shown || !run) return;
    shown = {
      ...shown,
      state: run.state,
      ...(run.outputs ? { outputs: run.outputs } : {}),
      ...(run.error ? { error: run.error } : {}),
    };
    const ending = busy && run.state !== "running";
    drawResult(ending);
    if (ending) ended();
  };

  const startWatch = () => {
    watch?.stop();
    watch = watchVersions({
      read: (since, signal) => api.runs(since, signal),
      onState: (state) => {
        runs = state.runs;
        drawRuns();
        fillList(
          "assets",
          runs.flatMap((run) => {
            const ids = run.outputs?.asset_ids;
            return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
          }),
        );
        follow();
      },
    });
  };

  const loadBoards = async () => {
    try {
      const boards = await options.boards.boards();
      fillList("boards", boards.map((board) => board.title).filter(Boolean));
    } catch {
      // Suggestions only: the field still takes any title.
    }
  };

  const loadSteps = async () => {
    try {
      steps = await api.steps();
    } catch (error) {
      showError(`Could not read the bot's steps: ${errorText(error)}`);
      return;
    }
    replace(
      "picker",
      steps.map((step) => h("option", { value: step.callbackId }, step.title)),
    );
    const first = stepOf(chosen)?.callbackId ?? steps[0]?.callbackId ?? "";
    el<HTMLSelectElement>("picker").value = first;
    pick(first);
  };

  const setOpen = (value: boolean) => {
    open = value;
    showPane(el("root"), el("toggle"), value);
    options.onToggle(value);
  };

  drawButton();
  drawRuns();

  const pane: WorkflowPane = {
    isOpen: () => open,
    async open() {
      setOpen(true);
      startWatch();
      void loadBoards();
      if (steps.length === 0) await loadSteps();
    },
    close() {
      if (!open) return;
      setOpen(false);
      // A closed pane needs no updates; a run still going is picked up again on reopening.
      watch?.stop();
      watch = undefined;
    },
    userChanged() {
      for (const select of el("fields").querySelectorAll<HTMLSelectElement>(`select[data-type="${USER_TYPE}"]`)) {
        if (!select.hasAttribute("data-picked")) select.value = options.user();
      }
    },
  };
  return pane;
}
