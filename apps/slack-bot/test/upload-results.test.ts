import { describe, expect, it, vi } from "vitest";
import type { BotDeps } from "../src/deps.js";
import type { Posted, Surface } from "../src/flows/surface.js";
import { resultFilename, uploadResults } from "../src/flows/upload-results.js";
import type { SlackFilesApi } from "../src/services/slack-files.js";

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const posted = (live: boolean): Posted => ({ live, key: "C1:1", where: { ts: "1" }, update: async () => {} });

function surface(files?: SlackFilesApi): Surface {
  const nothing = async () => {};
  return { user: "U1", channel: "C1", files, reply: nothing, ephemeral: nothing, post: async () => posted(true) };
}

const refusing: SlackFilesApi = {
  files: {
    getUploadURLExternal: async () => ({ ok: false, error: "invalid_auth" }),
    completeUploadExternal: async () => ({ ok: false }),
  },
};

describe("uploadResults", () => {
  it("logs a failed upload and resolves: the link-only message stays", async () => {
    const log = logger();
    const deps = { logger: log } as unknown as BotDeps;
    const fetch = vi.fn(async () => new Response("abc", { headers: { "content-length": "3" } }));
    vi.stubGlobal("fetch", fetch);
    try {
      const file = { id: "img1", downloadUrl: "http://x.test/a.png", kind: "image" as const, title: "t" };
      await expect(uploadResults(deps, surface(refusing), posted(true), [file])).resolves.toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ asset: "img1" }), expect.stringContaining("link"));
  });

  it("skips uploads and says so in the log when the progress went through response_url", async () => {
    const log = logger();
    const get = vi.fn();
    const files = { files: { getUploadURLExternal: get, completeUploadExternal: vi.fn() } };
    const deps = { logger: log } as unknown as BotDeps;
    const file = { id: "img1", downloadUrl: "http://x.test/a.png", kind: "image" as const, title: "t" };
    await uploadResults(deps, surface(files), posted(false), [file]);
    expect(get).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("not in the channel"));
  });

  it("names files by id with the URL's extension, or the kind's", () => {
    expect(resultFilename({ id: "a", downloadUrl: "http://x.test/f/clip.MOV?sig=1", kind: "video" })).toBe("a.mov");
    expect(resultFilename({ id: "b", downloadUrl: "http://x.test/files/123", kind: "audio" })).toBe("b.mp3");
    expect(resultFilename({ id: "c", downloadUrl: null, kind: "image" })).toBe("c.png");
  });
});
