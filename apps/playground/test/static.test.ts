import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ListeningServer, listen } from "../src/server/http/node.js";
import { contentTypeOf, createStaticHandler, safeRelativePath } from "../src/server/static.js";

let dir: string;
let server: ListeningServer;
let base: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "playground-static-"));
  const web = join(dir, "web");
  await mkdir(web);
  await writeFile(join(web, "index.html"), "<!doctype html><title>page</title>");
  await writeFile(join(web, "app.js"), "console.log('hi')");
  await writeFile(join(web, "app.css"), "body{}");
  await writeFile(join(dir, "secret.txt"), "outside");
  await symlink(join(dir, "secret.txt"), join(web, "link.txt"));
  server = await listen(createStaticHandler(web), { port: 0, host: "127.0.0.1", onError: () => {} });
  base = `http://127.0.0.1:${server.port}`;
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port: server.port, path }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the page's static files", () => {
  it("serves index.html at / and each file with its content type", async () => {
    const page = await fetch(`${base}/`);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain("<title>page</title>");
    expect((await fetch(`${base}/app.js`)).headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await fetch(`${base}/app.css`)).headers.get("content-type")).toBe("text/css; charset=utf-8");
    const head = await fetch(`${base}/app.js`, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe("17");
    expect(await head.text()).toBe("");
  });

  it("answers 404 for a missing file and 405 for a write", async () => {
    expect((await fetch(`${base}/nope.js`)).status).toBe(404);
    expect((await fetch(`${base}/app.js`, { method: "POST", body: "x" })).status).toBe(405);
  });

  it("refuses dot segments, plain, encoded or with backslashes, before anything is read", async () => {
    for (const path of ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/..%5csecret.txt", "/./app.js"]) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body).not.toContain("outside");
    }
  });

  it("does not follow a symlink out of the folder", async () => {
    const answer = await rawGet("/link.txt");
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("outside");
  });

  it("says how to build the page when its folder does not exist yet", async () => {
    const missing = await listen(createStaticHandler(join(dir, "not-built")), {
      port: 0,
      host: "127.0.0.1",
      onError: () => {},
    });
    try {
      const answer = await fetch(`http://127.0.0.1:${missing.port}/`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ error: "page_not_built" });
    } finally {
      await missing.close();
    }
  });
});

describe("path and type helpers", () => {
  it("maps URL paths to relative paths and refuses the ones that leave the root", () => {
    expect(safeRelativePath("/")).toBe("index.html");
    expect(safeRelativePath("/assets/app.js")).toBe(join("assets", "app.js"));
    expect(safeRelativePath("/a/../b")).toBeUndefined();
    expect(safeRelativePath("/a%00b")).toBeUndefined();
    expect(safeRelativePath("/%E0%A4%A")).toBeUndefined();
  });

  it("knows the page's content types and sends anything else as a download", () => {
    expect(contentTypeOf("app.js.map")).toBe("application/json; charset=utf-8");
    expect(contentTypeOf("logo.svg")).toBe("image/svg+xml");
    expect(contentTypeOf("data.bin")).toBe("application/octet-stream");
  });
});
