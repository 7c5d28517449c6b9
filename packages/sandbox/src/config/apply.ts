import type { SandboxCore } from "../core.js";
import { SANDBOX_WORKSPACE_ID } from "../keys.js";
import type { SandboxState } from "../state/store.js";
import type { Credits } from "../state/types.js";
import { SandboxConfigError } from "./errors.js";
import type { ResolvedConfig, SandboxCreditsConfig, SandboxWorkspace } from "./types.js";
import { BUILTIN_WORKSPACE_IDS } from "./validate.js";
import { copyWorkspace, removeWorkspace } from "./workspace-records.js";

function emptyCredits(workspaceId: string, today: string): Credits {
  return {
    workspaceId,
    balance: 0,
    bonusBalance: 0,
    monthlyBalance: 0,
    monthlyAllocation: 0,
    isPaidPlan: false,
    dailyFreeLimit: 0,
    dailyFreeUsed: 0,
    dailyFreeDay: today,
    monthlyFreeLimit: 0,
    monthlyFreeUsed: 0,
  };
}

/** A number is the paid balance and nothing else to spend; an object sets the fields it names. */
function setCredits(credits: Credits, given: SandboxCreditsConfig): void {
  if (typeof given === "number") {
    Object.assign(credits, {
      balance: given,
      bonusBalance: 0,
      monthlyBalance: 0,
      dailyFreeLimit: 0,
      monthlyFreeLimit: 0,
    });
  } else {
    Object.assign(credits, given);
  }
}

/**
 * Applies the configured workspaces to a freshly seeded state: a built-in id
 * changes that workspace (name, credits, more keys); another id is a new
 * workspace, empty or a copy of the seeded one; with `builtin: false` the
 * built-in workspaces are removed afterwards (a seeded copy is made first).
 */
export function applyConfig(core: SandboxCore, config: ResolvedConfig, source?: string): void {
  const { state } = core;
  const today = core.clock.iso().slice(0, 10);
  config.workspaces.forEach((workspace, at) => {
    if (!BUILTIN_WORKSPACE_IDS.includes(workspace.id)) {
      if (workspace.seeded) {
        if (!copyWorkspace(state, SANDBOX_WORKSPACE_ID, workspace.id)) {
          throw new SandboxConfigError(
            `workspaces[${at}].id`,
            `the ids of ${workspace.id}'s seeded copy collide with another workspace's: use ids that differ in more than punctuation`,
            source,
          );
        }
      } else {
        state.workspaces.set(workspace.id, { id: workspace.id, name: workspace.id });
        state.credits.set(workspace.id, emptyCredits(workspace.id, today));
      }
    }
    const record = state.workspaces.get(workspace.id);
    if (record && workspace.name !== null) record.name = workspace.name;
    const credits = state.credits.get(workspace.id);
    if (credits && workspace.credits !== null) setCredits(credits, workspace.credits);
  });
  if (!config.builtin) for (const id of BUILTIN_WORKSPACE_IDS) removeWorkspace(state, id);
}

/** Every workspace of the state with the keys that reach it, in the state's order. */
export function listWorkspaces(
  state: SandboxState,
  keys: ReadonlyMap<string, { workspaceId: string; readOnly: boolean; expired: boolean; expiresAt: number | null }>,
): SandboxWorkspace[] {
  return [...state.workspaces.values()].map(({ id, name }) => ({
    id,
    name,
    keys: [...keys]
      .filter(([, grant]) => grant.workspaceId === id)
      .map(([key, grant]) => ({
        key,
        readOnly: grant.readOnly,
        expired: grant.expired,
        expiresAt: grant.expiresAt === null ? null : new Date(grant.expiresAt).toISOString(),
      })),
  }));
}
