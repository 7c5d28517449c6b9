import { addToBoard, type StudioClient } from "@studio-kit/core";
import type { Poller } from "@studio-kit/poller";
import type { GenerationJob, GenerationOutcome, GenerationRecord, GenerationRequest, ToolContext } from "../backend.js";
import { boardForResults, boardSummary } from "./boards.js";
import { readJobId } from "./job-id.js";
import { fromAudio, fromImage, fromVideo } from "./records.js";

/**
 * Waits for a job's records with the poller (the spec's back-off, one request per tick for all ids), reporting the
 * mean progress of its records as they are read. The context's signal stops the wait at once: the poller sends
 * nothing more for it. With a board in the request, the finished records are put on it (found by title, or
 * created), as `--board` does.
 */
export async function waitForClientJob(
  client: StudioClient,
  poller: Poller,
  job: GenerationJob,
  request: GenerationRequest,
  context: ToolContext,
): Promise<GenerationOutcome> {
  const { recordKind, ids } = readJobId(job.jobId);
  const percent = new Map<string, number>(ids.map((id) => [id, 0]));
  // Reports go out in order, one after the other, and all of them before the result: a client drops progress
  // that arrives after the response to its request.
  let reported: Promise<void> = context.progress({ progress: 0, total: 100, message: `job ${job.jobId} queued` });
  const update = (record: GenerationRecord) => {
    percent.set(record.id, record.status === "COMPLETED" ? 100 : (record.progress ?? 0));
    const mean = [...percent.values()].reduce((a, b) => a + b, 0) / percent.size;
    const message = `${record.kind} ${record.id} ${record.status.toLowerCase()}`;
    reported = reported.then(() => context.progress({ progress: Math.round(mean), total: 100, message }));
  };
  const { signal } = context;
  const records: GenerationRecord[] = await Promise.all(
    ids.map(async (id) => {
      if (recordKind === "image") {
        const [image] = await poller.waitForImages([id], { signal, onUpdate: (r) => update(fromImage(r)) });
        return fromImage(image as NonNullable<typeof image>);
      }
      if (recordKind === "video") {
        return fromVideo(await poller.waitForVideo(id, { signal, onUpdate: (r) => update(fromVideo(r)) }));
      }
      return fromAudio(await poller.waitForAudio(id, { signal, onUpdate: (r) => update(fromAudio(r)) }));
    }),
  );
  await reported;
  const done = records.every((record) => record.status === "COMPLETED");
  const outcome: GenerationOutcome = { ...job, records, done };
  const title = "board" in request ? request.board : undefined;
  const finished = records.filter((record) => record.status === "COMPLETED");
  if (title !== undefined && finished.length) {
    const found = await boardForResults(client, title);
    const cards = await addToBoard(
      client,
      found.board,
      finished.map((record) => ({ assetType: record.kind, assetId: record.id })),
    );
    outcome.board = { ...boardSummary(found.board), created: found.created, added: cards.length };
  }
  return outcome;
}
