import type { SandboxCore } from "../core.js";
import type { Call } from "../journal/journal.js";
import { type AnsweringFault, faultAnswer, isAnswering } from "./answers.js";
import { throttled } from "./throttle.js";
import type { UploadEndpoint } from "./types.js";

// The faults of an upload endpoint. A request fault that names the endpoint acts
// as the gateway would (held, answered in the storage's place, or the connection
// closed), before the bytes are read or, with `afterApplying`, once they are
// stored. Then an upload fault: the body read slowly, or the bytes taken and
// answered for but never stored.

/** What the storage endpoint does with one upload request. */
export interface UploadPlan {
  /** Answer this at once, reading nothing. */
  answer?: Response;
  /** The request to read the bytes from (throttled by a slow-upload fault). */
  request: Request;
  /** Answer success but store nothing (upload-lost). */
  lose: boolean;
  /** Store the bytes, then answer this fault instead of success. */
  after?: AnsweringFault;
}

/** Decides the faults of one upload request to `endpoint`. */
export async function planUpload(
  request: Request,
  core: SandboxCore,
  endpoint: UploadEndpoint,
  call?: Call,
): Promise<UploadPlan> {
  const gate = core.faults.fire("request", { upload: endpoint });
  if (gate) call?.fired(gate);
  if (gate?.kind === "latency") await core.holds.hold(gate);
  const answering = gate && isAnswering(gate) ? gate : undefined;
  if (answering && !answering.afterApplying) return { answer: faultAnswer(answering, true), request, lose: false };

  const plan: UploadPlan = { request, lose: false, ...(answering ? { after: answering } : {}) };
  const upload = core.faults.fire("upload", { upload: endpoint });
  if (upload) call?.fired(upload);
  if (upload?.kind === "slow-upload") plan.request = throttled(request, upload.bytesPerSecond);
  if (upload?.kind === "upload-lost") plan.lose = true;
  return plan;
}

/** The answer to an upload whose plan says `after`: the bytes are stored, the client told otherwise. */
export function afterStoring(plan: UploadPlan, stored: Response): Response {
  if (!plan.after || !stored.ok) return stored;
  return faultAnswer(plan.after, true);
}
