import { isTerminalStatus } from "@studio-kit/operations";
import type { PolledRecord, PolledRecords, PollKind } from "./types.js";

/** How one kind of record is read inside the coalesced query. */
export interface KindSpec {
  /** Alias and variable prefix: `i0`, `v0`, `a0`, `j0`. */
  prefix: string;
  /** The documented root field. */
  field: string;
  /** Its id argument. */
  idArgument: string;
  /** Whether the field also takes `workspaceId: ID!`. */
  workspaceScoped: boolean;
  /** The selection: only fields the spec documents for this root field. */
  selection: string;
  /** Whether a record read is final. */
  isDone(record: PolledRecord): boolean;
}

const AUDIO_FIELDS = "id source url downloadUrl durationMs name model musicProvider createdAt";

/** How each kind is read, and when its record is final. */
export const KINDS: Readonly<Record<PollKind, KindSpec>> = {
  // The poll fields the spec gives for `images` (Endpoints: Queries), all fields of Image.
  image: {
    prefix: "i",
    field: "image",
    idArgument: "id",
    workspaceScoped: false,
    selection: "id status progress errorMessage downloadUrl url aspectRatio prompt",
    isDone: (record) => isTerminalStatus(record.status),
  },
  // The poll fields the spec gives for `videos`.
  video: {
    prefix: "v",
    field: "video",
    idArgument: "id",
    workspaceScoped: false,
    selection:
      "id status progress videoUrl thumbnailUrl downloadUrl thumbnailDownloadUrl errorMessage aspectRatio duration",
    isDone: (record) => isTerminalStatus(record.status),
  },
  // Resources, Audio status. "Poll audioStatus until the finished audio is
  // present": COMPLETED without the audio yet is still working.
  audio: {
    prefix: "a",
    field: "audioStatus",
    idArgument: "audioId",
    workspaceScoped: true,
    selection: `audioId status progress errorMessage audio { ${AUDIO_FIELDS} }`,
    isDone: (record) => {
      const audio = record as PolledRecords["audio"];
      return audio.status === "FAILED" || (audio.status === "COMPLETED" && audio.audio != null);
    },
  },
  // Resources, Background job.
  job: {
    prefix: "j",
    field: "backgroundJob",
    idArgument: "id",
    workspaceScoped: true,
    selection:
      "id type status source sourceId metadata createdAt completedAt children { id type status createdAt completedAt }",
    isDone: (record) => isTerminalStatus(record.status),
  },
};

/** One record to read: what kind, which id. */
export interface PollTarget {
  kind: PollKind;
  id: string;
}

/** The key one record is tracked under. */
export const keyOf = (target: PollTarget): string => `${target.kind}:${target.id}`;
