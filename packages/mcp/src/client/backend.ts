import type { AssetSearch } from "@studio-kit/core";
import {
  addToBoard,
  createBoard,
  getCredits,
  type LibraryAsset,
  listBoards,
  listCards,
  type StudioClient,
  searchAssets,
} from "@studio-kit/core";
import { createPoller, type Poller } from "@studio-kit/poller";
import type { GenerationRecord, StudioToolBackend } from "../backend.js";
import { StudioToolRefusal } from "../errors.js";
import { boardSummary, findBoard } from "./boards.js";
import { listModels, listPresets } from "./catalog.js";
import { refusalOf, type SpendPhase } from "./errors.js";
import { type ClientGenerationState, prepareClientGeneration, sendClientGeneration } from "./generation.js";
import { jobIdOf, readJobId } from "./job-id.js";
import { readRecord } from "./status.js";
import { waitForClientJob } from "./wait.js";

/** Options of {@link createClientBackend}. */
export interface ClientBackendOptions {
  /** Waits for generations (default: `createPoller(client)`, the spec's back-off). Tests pass one on a virtual clock. */
  poller?: Poller;
  /** How the grammar's messages name the command line: `studio` (default). */
  invocation?: string;
}

const titleOf = (asset: LibraryAsset): string | null => {
  if ("displayName" in asset && asset.displayName) return asset.displayName;
  if ("name" in asset && asset.name) return asset.name;
  if ("prompt" in asset && asset.prompt) return asset.prompt;
  return null;
};

/**
 * A backend that acts with a workspace API key, composed from core, poller and commands as the `studio` CLI is:
 * the same checks, the same variables, one generation mutation per call, and the poller's back-off. What the API
 * refuses becomes a tool refusal (an unknown or read-only key: `access_denied`; no such record: `not_found`).
 *
 * @example
 * const backend = createClientBackend(createStudioClient({ apiKey, baseUrl }));
 */
export function createClientBackend(client: StudioClient, options: ClientBackendOptions = {}): StudioToolBackend {
  const invocation = options.invocation ?? "studio";
  let poller = options.poller;
  const polling = () => {
    poller ??= createPoller(client);
    return poller;
  };
  // Every action's API errors become refusals an agent can read; refusals thrown inside pass as they are.
  const act =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>, phase: SpendPhase = "none") =>
    (...args: A): Promise<R> =>
      run(...args).catch((error: unknown) => {
        throw refusalOf(error, phase);
      });
  return {
    prepareGeneration: act(
      (request, { signal }) => prepareClientGeneration(client, request, { invocation, signal }),
      "check",
    ),
    startGeneration: act(async (prepared) => {
      const sent = await sendClientGeneration(client, prepared as typeof prepared & { state: ClientGenerationState });
      const records: GenerationRecord[] = sent.ids.map((id) => ({
        id,
        kind: sent.recordKind,
        status: "QUEUED",
        progress: null,
        errorMessage: null,
      }));
      const kind = prepared.request.kind;
      return {
        jobId: jobIdOf(kind, sent.recordKind, sent.ids),
        kind,
        records,
        estimatedCredits: prepared.estimate.cost,
      };
    }, "send"),
    waitForJob: act((job, request, context) => waitForClientJob(client, polling(), job, request, context), "wait"),
    jobStatus: act(async ({ jobId }, { signal }) => {
      const { kind, recordKind, ids } = readJobId(jobId);
      const records: GenerationRecord[] = [];
      for (const id of ids) {
        const record = await readRecord(client, id, recordKind, signal);
        if (!record) throw new StudioToolRefusal("not_found", `No ${recordKind} "${id}" in this workspace.`);
        records.push(record);
      }
      return { jobId, kind, records, estimatedCredits: null };
    }),
    credits: act(async ({ signal }) => {
      const credits = await getCredits(client, { signal });
      const dailyFreeRemaining = credits.dailyFree?.remaining ?? null;
      const bonus = credits.bonusBalance ?? null;
      const balance = credits.balance ?? null;
      const times = [credits.dailyFree?.resetsAt, credits.nextRefillAt].filter((t): t is string => !!t).sort();
      return {
        available: (dailyFreeRemaining ?? 0) + (bonus ?? 0) + (balance ?? 0),
        balance,
        bonus,
        dailyFreeRemaining,
        refillAt: times[0] ?? null,
      };
    }),
    models: act(({ role }, { signal }) => listModels(client, role, signal)),
    presets: act(({ query }, { signal }) => listPresets(client, query, signal)),
    searchLibrary: act(async ({ query, types, limit }, { signal }) => {
      const search: AssetSearch = {
        ...(query?.trim() ? { term: query.trim() } : {}),
        ...(types?.length ? { types: types.map((type) => type.toUpperCase()) as AssetSearch["types"] } : {}),
      };
      const found = [];
      for await (const asset of searchAssets(client, search, { signal })) {
        if ("id" in asset) {
          const createdAt = "createdAt" in asset ? (asset.createdAt as string | null) : null;
          found.push({
            id: asset.id as string,
            type: asset.__typename.toLowerCase(),
            title: titleOf(asset),
            createdAt,
          });
        }
        if (found.length >= limit) break;
      }
      return found;
    }),
    listBoards: act(async ({ signal }) => (await listBoards(client, { signal })).map(boardSummary)),
    boardCards: act(async ({ board }, { signal }) => {
      const found = await findBoard(client, board, signal);
      const cards = await listCards(client, found, { signal });
      return {
        board: boardSummary(found),
        cards: cards.map((card) => ({
          id: card.id,
          assetType: card.assetType ?? null,
          assetId: card.assetId ?? null,
          x: card.positionX ?? null,
          y: card.positionY ?? null,
        })),
      };
    }),
    addToBoard: act(async ({ board, assets }, { signal }) => {
      const found = await findBoard(client, board, signal);
      const cardIds = await addToBoard(client, found, assets);
      return { board: boardSummary(found), cardIds };
    }),
    createBoard: act(async ({ title }) => boardSummary(await createBoard(client, { title }))),
  };
}
