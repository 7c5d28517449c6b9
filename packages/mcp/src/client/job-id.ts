import { type GenerationKind, MAX_COUNT } from "@studio-kit/commands";
import type { RecordKind } from "../backend.js";
import { StudioToolRefusal } from "../errors.js";
import { quoted } from "../tools/result.js";

// A key-backed job is the records one mutation queued: its id says how to poll them and which they are, so
// job_status needs no state of its own (a stdio server lives as long as its client; an HTTP one per request).
// Form: `<kind>:<record kind>:<id>,<id>`, such as `image:image:img_1,img_2` or `music:audio:aud_9`.

const KINDS: readonly GenerationKind[] = ["image", "video", "music", "voice"];
const RECORD_KINDS: readonly RecordKind[] = ["image", "video", "audio"];

/** The jobId of the records one generation queued. */
export const jobIdOf = (kind: GenerationKind, recordKind: RecordKind, ids: readonly string[]) =>
  `${kind}:${recordKind}:${ids.join(",")}`;

/** Reads a jobId back; refuses `not_found` for one this backend did not make. */
export function readJobId(jobId: string): { kind: GenerationKind; recordKind: RecordKind; ids: string[] } {
  const [kind, recordKind, list, ...rest] = jobId.split(":");
  const ids = (list ?? "").split(",").filter(Boolean);
  if (
    rest.length ||
    !KINDS.includes(kind as GenerationKind) ||
    !RECORD_KINDS.includes(recordKind as RecordKind) ||
    !ids.length ||
    // One generation queues at most MAX_COUNT records: a longer list was not made here, and would be read one
    // request per id.
    ids.length > MAX_COUNT
  ) {
    throw new StudioToolRefusal(
      "not_found",
      `No job ${quoted(jobId)}: use the jobId a generate_* tool returned, such as "image:image:img_1".`,
    );
  }
  return { kind: kind as GenerationKind, recordKind: recordKind as RecordKind, ids };
}
