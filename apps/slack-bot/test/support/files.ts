// What the tests of files from Slack share: a tiny PNG and a GIF's first bytes, Slack's file host and a bot token as
// the fakes use them, and the studio sandbox behind msw for a test file's flows to upload to.
import { createSandbox, type Sandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll } from "vitest";
import type { SlackFileRef } from "../../src/services/slack-download.js";

/** A 1x1 PNG. */
export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
/** The start of a GIF: enough for its magic number to be recognised. */
export const GIF = new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;");
/** Slack's file host, as `url_private_download` names it. */
export const FILES = "https://files.slack.com";
/** The bot token the fake file hosts accept. */
export const TOKEN = "xoxb-unit-secret-token";

/** A file as Slack describes it (hosted, downloadable from {@link FILES}); `extra` changes any field. */
export function fileRef(
  id: string,
  name: string,
  mimetype: string,
  size: number,
  extra: Partial<SlackFileRef> = {},
): SlackFileRef {
  return {
    id,
    name,
    title: name,
    mimetype,
    filetype: name.split(".").pop() ?? "binary",
    size,
    mode: "hosted",
    url_private_download: `${FILES}/files-pri/T1-${id}/download/${name}`,
    ...extra,
  };
}

/**
 * A studio sandbox answering at `baseUrl` through msw for the whole test file (unhandled requests fail the test);
 * read it with the returned function once the file's tests run.
 */
export function useMswSandbox(baseUrl: string): () => Sandbox {
  let sandbox: Sandbox | undefined;
  let server: ReturnType<typeof setupServer> | undefined;
  beforeAll(() => {
    sandbox = createSandbox();
    server = setupServer(...sandboxHandlers(sandbox, baseUrl));
    server.listen({ onUnhandledRequest: "error" });
  });
  afterAll(async () => {
    server?.close();
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error("useMswSandbox: the sandbox is read before the file's tests start");
    return sandbox;
  };
}
