// `pnpm studio … --json | jq .` as the README writes it (issue 42): pnpm prints its own "> studio-kit@ studio …"
// banner on stdout before a script's output unless it is silenced, so the README must write a form whose stdout is
// the one JSON document. This runs each such form the README shows (the part before `| jq`), in this repository,
// and parses its stdout.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const run = promisify(execFile);

/** The README's `pnpm … studio … --json | jq …` commands, code spans only, a table's `\|` read as `|`. */
function documentedJsonCommands(markdown) {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1].replaceAll("\\|", "|"));
  return spans.filter((span) => /^pnpm\b.*\bstudio\b.*--json\b.*\|\s*jq\b/.test(span));
}

/** The pinned pnpm, fetched by npx as the README's two commands do (cached after the first run). */
const PNPM = ["npx", "-y", "pnpm@10.34.9"];

describe("the README's `pnpm studio … --json | jq` commands", () => {
  const commands = documentedJsonCommands(readFileSync(join(root, "README.md"), "utf8"));

  it("are there: the README shows how to get JSON from the studio script", () => {
    expect(commands.length).toBeGreaterThan(0);
  });

  it.each(commands)(
    "`%s` prints one JSON document on stdout, nothing before or after it",
    async (command) => {
      const words = command.split("|")[0].trim().split(/\s+/).slice(1);
      const [file, ...prefix] = PNPM;
      const { stdout } = await run(file, [...prefix, ...words], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
      expect(stdout.trimStart().startsWith("{")).toBe(true);
      expect(() => JSON.parse(stdout)).not.toThrow();
    },
    120_000,
  );
  // The script builds the CLI with turbo first (cached after the first run) and starts a sandbox for --sandbox.
});
