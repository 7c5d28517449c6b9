#!/usr/bin/env node
// `pnpm start`: studio-kit's main job is the Slack bot, run against the sandbox
// when no keys are given. Until those exist, this says what does exist and how
// to use it, rather than pretend to start something.
import { readdirSync } from "node:fs";
import { join } from "node:path";

const documents = readdirSync("packages/operations/documents", { recursive: true, encoding: "utf8" }).filter(
  (path) => path.endsWith(".graphql") && !path.startsWith("fragments"),
);
const packages = readdirSync("packages");
const has = (name) => packages.includes(name);

console.log(`studio-kit

Built so far:
  schema/                 the SDL of the documented API (gaps: docs/schema-gaps.md)
  @studio-kit/operations  ${documents.length} typed documents, one per root field (packages/operations)

Not built yet: ${["sandbox", "core", "upload", "poller"].filter((name) => !has(name)).join(", ") || "none"}, and the Slack bot.
When the sandbox and the bot exist, this command starts them with no keys needed.

Try it now:
  pnpm check      codegen drift check, lint, typecheck and every test
  pnpm build      builds the packages to dist/
  ${join("packages", "operations", "README.md")}  how to call the API with the typed documents`);
