import { once } from "node:events";
import type { Readable, Writable } from "node:stream";
import busboy from "busboy";
import type { SandboxCore } from "../core.js";
import type { StoredFile } from "../state/types.js";
import { MAX_FORM_FIELD_BYTES, MAX_FORM_FIELDS } from "./limits.js";
import { checkFormFields } from "./policy.js";
import { type Outcome, refuse } from "./refusal.js";
import { discardUpload, writeUpload } from "./write.js";

// POST of the signed form (spec, Upload flow 2a): every policy field first, the
// file last in the part named `file`; fields after the file are ignored, as S3
// does (platform facts, Uploads). The body is parsed as a stream by busboy and
// the file part goes straight to disk.

const tooMuchPreData = () =>
  refuse(
    400,
    "MaxPostPreDataLengthExceeded",
    `The fields before the file must stay under ${MAX_FORM_FIELD_BYTES} bytes and ${MAX_FORM_FIELDS} fields: ` +
      "send uploadForm.fields and nothing else before the file.",
  );

const malformed = (reason: string) =>
  refuse(400, "MalformedPOSTRequest", `The body of the POST is not well-formed multipart/form-data: ${reason}.`);

/** Receives a signed form upload for `file`; the bytes wait beside `core.storage.pathFor(file.id)` until committed. */
export function receiveForm(request: Request, core: SandboxCore, file: StoredFile): Promise<Outcome> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    return Promise.resolve(malformed(`Content-Type is "${contentType}", not multipart/form-data with a boundary`));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fieldSize: MAX_FORM_FIELD_BYTES, fields: MAX_FORM_FIELDS, parts: MAX_FORM_FIELDS + 2 },
    });
  } catch (error) {
    return Promise.resolve(malformed(error instanceof Error ? error.message : String(error)));
  }

  return new Promise<Outcome>((resolve) => {
    const stop = new AbortController();
    const fields = new Map<string, string>();
    let fieldBytes = 0;
    let fileStream: Readable | null = null;
    let writing: Promise<Outcome> | null = null;
    let written: Outcome | null = null;
    let parsed = false;

    // A refusal stops the write and removes its bytes before answering, so that
    // no partial file outlives the answer.
    const discardWrite = async () => {
      if (!writing) return;
      fileStream?.destroy(new Error("upload refused"));
      const outcome = await writing;
      if (outcome.ok) await discardUpload(outcome);
    };
    // The first verdict wins.
    const finish = (outcome: Outcome) => {
      if (stop.signal.aborted) return;
      stop.abort();
      parser.removeAllListeners();
      parser.on("error", () => {});
      parser.destroy();
      if (outcome.ok) {
        resolve(outcome);
        return;
      }
      void discardWrite()
        .catch(() => {})
        .then(() => resolve(outcome));
    };

    parser.on("field", (name, value, info) => {
      if (fileStream) return;
      fieldBytes += name.length + value.length;
      if (info.nameTruncated || info.valueTruncated || fieldBytes > MAX_FORM_FIELD_BYTES) {
        finish(tooMuchPreData());
        return;
      }
      fields.set(name.toLowerCase(), value);
    });
    parser.on("fieldsLimit", () => {
      if (!fileStream) finish(tooMuchPreData());
    });
    parser.on("partsLimit", () => {
      if (!fileStream) finish(tooMuchPreData());
    });
    parser.on("file", (name, stream) => {
      // Stopping the parser errors the file stream; the verdict is already taken by then.
      stream.on("error", () => {});
      if (fileStream) {
        stream.resume(); // A second file is ignored like any part after the file.
        return;
      }
      fileStream = stream;
      if (name !== "file") {
        stream.resume();
        finish(
          refuse(400, "InvalidArgument", `The file is in a part named "${name}": put it in the part named "file".`),
        );
        return;
      }
      const problem = checkFormFields(core, file, fields);
      if (problem) {
        stream.resume();
        finish(problem);
        return;
      }
      writing = writeUpload(stream, core.storage.pathFor(file.id));
      void writing.then((outcome) => {
        written = outcome;
        if (!outcome.ok || parsed) finish(outcome);
      });
    });
    parser.on("close", () => {
      parsed = true;
      if (written) finish(written);
      else if (!fileStream) {
        finish(
          refuse(
            400,
            "IncorrectNumberOfFilesInPostRequest",
            'The form has no file: send the bytes last, in a part named "file" with a filename.',
          ),
        );
      }
    });
    parser.on("error", (error: unknown) => finish(malformed(error instanceof Error ? error.message : String(error))));

    void feed(request.body, parser, stop.signal).catch((error: unknown) =>
      finish(refuse(400, "IncompleteBody", `The body broke off: ${error instanceof Error ? error.message : error}`)),
    );
  });
}

/** Feeds the request body to the parser with backpressure, until the body ends or a verdict stops it. */
async function feed(body: ReadableStream<Uint8Array> | null, parser: Writable, signal: AbortSignal) {
  if (!body) {
    parser.end();
    return;
  }
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", cancel, { once: true });
  try {
    while (!signal.aborted) {
      const { done, value } = await reader.read();
      if (signal.aborted) return;
      if (done) {
        parser.end();
        return;
      }
      if (!parser.write(value)) await once(parser, "drain", { signal }).catch(() => {});
    }
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}
