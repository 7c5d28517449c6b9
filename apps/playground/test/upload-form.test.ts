import { describe, expect, it } from "vitest";
import { HttpError } from "../src/server/http/errors.js";
import { MAX_FILES, readUploadForm } from "../src/server/multipart.js";

const formRequest = (form: FormData) =>
  new Request("http://playground.test/api/upload", { method: "POST", body: form });

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, code: (error as HttpError).code };
}

describe("reading the upload form", () => {
  it("reads the text fields and every part named file", async () => {
    const form = new FormData();
    form.set("user", "U0ALICE");
    form.set("channel", "DU0ALICE");
    form.append("file", new Blob(["one"], { type: "text/plain" }), "one.txt");
    form.append("file", new Blob(["two"]), "two.bin");
    const { fields, files } = await readUploadForm(formRequest(form));
    expect(fields).toEqual({ user: "U0ALICE", channel: "DU0ALICE" });
    expect(files.map((file) => [file.name, file.size])).toEqual([
      ["one.txt", 3],
      ["two.bin", 3],
    ]);
  });

  it("refuses a body over the limit while it streams in", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(4096)]), "big.bin");
    expect(await refusal(readUploadForm(formRequest(form), 1024))).toEqual({ status: 413, code: "file_too_large" });
  });

  it("refuses a form without files, with too many, or that is not multipart", async () => {
    const empty = new FormData();
    empty.set("user", "U0ALICE");
    expect(await refusal(readUploadForm(formRequest(empty)))).toMatchObject({ code: "no_files" });
    const many = new FormData();
    for (let index = 0; index <= MAX_FILES; index += 1) many.append("file", new Blob(["x"]), `${index}.txt`);
    expect(await refusal(readUploadForm(formRequest(many)))).toMatchObject({ code: "too_many_files" });
    const json = new Request("http://playground.test/api/upload", { method: "POST", body: "{}" });
    expect(await refusal(readUploadForm(json))).toEqual({ status: 415, code: "invalid_form" });
  });
});
