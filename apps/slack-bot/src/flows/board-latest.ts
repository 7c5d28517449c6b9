// "Add my latest result" in a board's flexpane (issue 30, decision 0021): the clicking person's most recent
// finished image or video job goes onto the board they are looking at. It spends no credits; what it must not do is
// add a second card for the same asset, so assets already on the board are skipped (as a --board push is,
// jobs/push-results.ts), which also makes a second click harmless.
import type { BotDeps } from "../deps.js";
import type { AddLatestOutcome } from "../messages/board-latest.js";
import { putAssetOnBoard } from "../services/board-cards.js";
import { boardWebUrl, studioWebBase } from "../services/studio-links.js";
import { readAsset, readBoard } from "../services/work-object-data.js";
import type { JobRecord } from "../store/types.js";

/** How many of the person's recent jobs are searched for one that ended with results. */
const LOOK_BACK = 20;

type ResultAssets = { assets: { id: string; kind: "image" | "video" }[]; prompt: string };

/** A finished job's images and videos, as the API says each id is (undefined when it made neither). */
async function resultAssets(deps: BotDeps, job: JobRecord): Promise<ResultAssets | undefined> {
  if (job.outcome !== "completed" || job.resultIds.length === 0) return undefined;
  // The job's kind is not the card's (an upscale is an image, a lip-sync a video): the API says what each id is,
  // and an audio result (neither) is skipped, as the boards' Work Objects show images and videos.
  const assets: { id: string; kind: "image" | "video" }[] = [];
  for (const id of job.resultIds) {
    const read = await readAsset(deps.studio, id);
    if (read.ok) assets.push({ id: read.id, kind: read.kind });
  }
  if (assets.length === 0) return undefined;
  const command = (job.request as { command?: { prompt?: unknown } }).command;
  return { assets, prompt: typeof command?.prompt === "string" ? command.prompt : "" };
}

/** The person's latest job that ended with an image or a video, as its assets (images first seen, in order). */
async function latestResult(deps: BotDeps, user: string): Promise<ResultAssets | undefined> {
  const jobs = await deps.store.jobs.recent(user, LOOK_BACK);
  for (const job of jobs) {
    const result = await resultAssets(deps, job);
    if (result) return result;
  }
  return undefined;
}

/**
 * Puts `user`'s latest result on board `boardId`: access first (the rules that let a person use the bot, and the
 * key's own: another workspace's board is `restricted`), then the assets not on it yet.
 */
export function addLatestResult(
  deps: BotDeps,
  click: { user: string; boardId: string; channel?: string },
): Promise<AddLatestOutcome> {
  return addResultToBoard(deps, click, () => latestResult(deps, click.user));
}

/**
 * Puts the result of `job` on board `boardId` ("put it on Spring campaign" in a result's thread), under the same
 * rules as {@link addLatestResult}: access first, then the assets not on the board yet (a second ask adds nothing).
 */
export function addJobResult(
  deps: BotDeps,
  request: { user: string; boardId: string; channel?: string },
  job: JobRecord,
): Promise<AddLatestOutcome> {
  return addResultToBoard(deps, request, () => resultAssets(deps, job));
}

async function addResultToBoard(
  deps: BotDeps,
  click: { user: string; boardId: string; channel?: string },
  result: () => Promise<ResultAssets | undefined>,
): Promise<AddLatestOutcome> {
  const decision = await deps.access.check(click.user, click.channel ?? "");
  if (!decision.allowed) return { kind: "restricted" };
  const read = await readBoard(deps.studio, click.boardId);
  if (!read.ok) return read.reason === "restricted" ? { kind: "restricted" } : { kind: "board-gone" };
  if (!read.board.conversationId) return { kind: "board-gone" };
  const latest = await result();
  if (!latest) return { kind: "no-result" };
  const board = {
    id: read.board.id,
    conversationId: read.board.conversationId,
    title: read.board.title?.trim() || "Untitled board",
  };
  const shown = { title: board.title, url: boardWebUrl(studioWebBase(deps.studio), board.id) };
  // The cards as read for this click (readBoard): a second click reads them again, after the first one's cards.
  const onBoard = new Set(read.cards.map((card) => card.assetId));
  const missing = latest.assets.filter((asset) => !onBoard.has(asset.id));
  if (missing.length === 0) return { kind: "already", board: shown, prompt: latest.prompt };
  for (const asset of missing) await putAssetOnBoard(deps, board, asset.id, asset.kind);
  return {
    kind: "added",
    board: shown,
    added: missing.length,
    already: latest.assets.length - missing.length,
    prompt: latest.prompt,
  };
}
