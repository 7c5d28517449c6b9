import type { PolledImage, Poller } from "@studio-kit/poller";
import type { ProgressBoard } from "../progress.js";
import { fromAudio, fromImage, fromVideo, type RecordState } from "../records.js";
import type { Queued } from "./send.js";

const percentOf = (record: { progress?: number | null }) => record.progress ?? 0;

type Wait = { signal?: AbortSignal | undefined; onUpdate: (record: { progress?: number | null }) => void };

async function waitForOne(poller: Poller, kind: Queued["kind"], id: string, options: Wait): Promise<RecordState> {
  if (kind === "image") return fromImage((await poller.waitForImages([id], options))[0] as PolledImage);
  if (kind === "video") return fromVideo(await poller.waitForVideo(id, options));
  return fromAudio(await poller.waitForAudio(id, options));
}

/**
 * Waits for every queued record with the poller (the spec's back-off, one request per tick for all ids), each
 * with its own progress line. Resolves with the finished records, FAILED ones included, in the order of the ids.
 * `signal` (Ctrl-C) stops the wait at once: nothing more is sent, and nothing is generated again.
 */
export async function waitForAll(poller: Poller, queued: Queued, board: ProgressBoard, signal?: AbortSignal) {
  const waits = queued.ids.map(async (id): Promise<RecordState> => {
    const line = board.line(`${queued.kind} ${id}`);
    const onUpdate = (record: { progress?: number | null }) => line.update(percentOf(record));
    try {
      const state = await waitForOne(poller, queued.kind, id, { signal, onUpdate });
      line.update(
        state.status === "COMPLETED" ? 100 : percentOf(state),
        `${queued.kind} ${id} ${state.status.toLowerCase()}`,
      );
      return state;
    } finally {
      line.stop();
    }
  });
  try {
    return await Promise.all(waits);
  } finally {
    board.stop();
  }
}
