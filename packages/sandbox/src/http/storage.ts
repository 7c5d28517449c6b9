import type { SandboxCore } from "../core.js";
import { afterStoring, planUpload } from "../faults/upload.js";
import type { Call } from "../journal/journal.js";
import type { StoredFile } from "../state/types.js";
import { receiveForm } from "../storage/form.js";
import { isUploadCategory } from "../storage/limits.js";
import { receivePut } from "../storage/put.js";
import type { Outcome } from "../storage/refusal.js";
import { commitUpload, discardUpload } from "../storage/write.js";
import { jsonError } from "./json.js";

// The storage endpoints that signed forms and signed URLs point to (spec,
// Upload flow 2): `POST /__storage/form/<fileId>` and `PUT /__storage/put/<fileId>`.
// Every answer is JSON (`{ error: { code, message } }` when refused), with S3's
// error codes for refused bytes.

const ENDPOINTS = { form: "POST", put: "PUT" } as const;

/** The storage endpoints that signed forms and signed URLs point to. */
export async function handleStorage(request: Request, path: string, core: SandboxCore, call?: Call): Promise<Response> {
  const match = /^\/__storage\/(form|put)\/([^/]+)$/.exec(path);
  const kind = match?.[1] as keyof typeof ENDPOINTS | undefined;
  if (!match || !kind) {
    return refusal(
      404,
      "NOT_FOUND",
      `No storage endpoint ${request.method} ${path}: forms POST to /__storage/form/<fileId>, ` +
        "signed URLs PUT to /__storage/put/<fileId>.",
    );
  }
  const method = ENDPOINTS[kind];
  if (request.method !== method) {
    const response = refusal(405, "METHOD_NOT_ALLOWED", `${path} takes ${method}, not ${request.method}.`);
    response.headers.set("allow", method);
    return response;
  }
  const file = core.state.files.get(safeDecode(match[2] ?? ""));
  // Generated and seeded media are not uploads: nothing may be written over them.
  if (!file || !isUploadCategory(file.category)) {
    return refusal(
      404,
      "NOT_FOUND",
      "No upload waits at this address: request one with createSignedUploadUrl. Uploads neither registered " +
        "nor confirmed are deleted 1 to 2 hours after the request.",
    );
  }
  // Signed upload form and URL lifetime: 15 minutes on the virtual clock (spec, Limits).
  if (core.clock.now() > file.expiresAt) {
    return refusal(
      403,
      "ExpiredToken",
      "The signed upload expired: forms and URLs last 15 minutes. Call createSignedUploadUrl again.",
    );
  }
  const registered = registeredRefusal(file);
  if (registered) return registered;
  // Faults on this endpoint (the gateway's answer, a slow body, bytes lost): see faults/upload.ts.
  const plan = await planUpload(request, core, kind, call);
  if (plan.answer) return plan.answer;
  const received =
    kind === "form" ? await receiveForm(plan.request, core, file) : await receivePut(plan.request, core, file);
  const status = kind === "form" ? 204 : 200;
  if (plan.lose && received.ok) {
    await discardUpload(received);
    return new Response(null, { status, headers: { etag: `"${received.md5}"` } });
  }
  return afterStoring(plan, await store(core, file, received, status));
}

async function store(core: SandboxCore, file: StoredFile, outcome: Outcome, status: number): Promise<Response> {
  if (!outcome.ok) return refusal(outcome.status, outcome.code, outcome.message);
  // The clock may have moved while the bytes streamed in, and the sweep taken the record.
  if (core.state.files.get(file.id) !== file) {
    await discardUpload(outcome);
    return refusal(404, "NOT_FOUND", "The upload was deleted while its bytes arrived: request a new one.");
  }
  // Registered while these bytes streamed in: the asset keeps the bytes it was registered with.
  const registered = registeredRefusal(file);
  if (registered) {
    await discardUpload(outcome);
    return registered;
  }
  const target = core.storage.pathFor(file.id);
  await commitUpload(outcome, target);
  file.path = target;
  file.size = outcome.size;
  // Any 2xx status from the form means stored (spec, States and transitions). S3 answers the
  // form with 204 and the PUT with 200, both with the ETag.
  return new Response(null, { status, headers: { etag: `"${outcome.md5}"` } });
}

/**
 * Bytes sent again to an upload that is registered as an asset are refused, so that an asset never changes under
 * its record (its size, measured width and height). S3-style storage would overwrite the object within the URL's
 * 15 minutes; the sandbox lets a second upload replace the first only until the file is registered (issue 27, and
 * the README's Uploads section).
 */
function registeredRefusal(file: StoredFile): Response | null {
  if (file.kept !== "registered") return null;
  return refusal(
    403,
    "AccessDenied",
    `Upload ${file.id} is registered as an asset: its bytes can no longer change. For new bytes, request a new ` +
      "upload with createSignedUploadUrl and register that.",
  );
}

/**
 * A refusal usually comes before the body was read to its end (a stream over the
 * limit, an expired form): over HTTP the connection is closed after the answer,
 * as S3 does, rather than kept waiting on a client that is still sending.
 */
function refusal(status: number, code: string, message: string): Response {
  const response = jsonError(status, code, message);
  response.headers.set("connection", "close");
  return response;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
