// `node --import <this file> ...` records the URL of every file module the process loads through Node's ES module
// loader, one per line, in the file named by STUDIO_RECORD_MODULES. Plain JavaScript because Node runs it before
// anything could compile TypeScript. The one file is both the registration (main thread) and the hooks, which Node
// loads again in its hooks thread, where `isMainThread` is false.
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

let file;

/** Hooks thread: where to write, given by the registration below. */
export function initialize(data) {
  file = data.file;
}

/** Hooks thread: every module Node loads (imported, statically or with `import()`) passes here once. */
export async function load(url, context, nextLoad) {
  if (url.startsWith("file:")) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}

if (isMainThread && process.env.STUDIO_RECORD_MODULES) {
  register(import.meta.url, { data: { file: process.env.STUDIO_RECORD_MODULES } });
}
