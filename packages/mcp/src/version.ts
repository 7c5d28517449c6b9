import { createRequire } from "node:module";

/** This package's version, for the server's `initialize` answer (package.json sits one folder above dist/ and src/). */
export const VERSION: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
