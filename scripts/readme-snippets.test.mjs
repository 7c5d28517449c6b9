import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkReadmeSnippets, extractSnippets, root } from "./readme-snippets.mjs";

// Every TypeScript block of packages/*/README.md and docs/use-in-your-service.md type-checks against the built
// packages (run `pnpm build` first: the blocks import the packages' dist/ declarations), in one tsc program. The
// conventions a block may use (a prelude comment, a file name) are described in readme-snippets.mjs.

describe("extractSnippets", () => {
  it("finds ts and typescript blocks with their first line, prelude and file name, and nothing else", () => {
    const markdown = [
      "# x", // 1
      "```sh", // 2
      "npm install", // 3
      "```", // 4
      "<!-- prelude: declare const client: unknown;", // 5
      "declare const ids: string[]; -->", // 6
      "```ts", // 7
      "await client;", // 8
      "```", // 9
      "", // 10
      "<!-- file: service.mts -->", // 11
      "```typescript", // 12
      "export const x = 1;", // 13
      "```", // 14
    ].join("\n");
    expect(extractSnippets(markdown)).toEqual([
      {
        line: 8,
        code: "await client;",
        prelude: "declare const client: unknown;\ndeclare const ids: string[]; ",
      },
      { file: "service.mts", line: 13, code: "export const x = 1;", prelude: "" },
    ]);
  });

  it("takes no prelude from a comment that is not right above the fence", () => {
    const markdown = "<!-- prelude: declare const a: 1; -->\n\ntext\n```ts\na;\n```";
    expect(extractSnippets(markdown)).toEqual([{ line: 5, code: "a;", prelude: "" }]);
  });
});

describe("the README snippets", () => {
  // One tsc program over every block takes seconds on a busy machine: no time limit (timeout 0), as for any test
  // here that waits for its event rather than for the clock.
  it("every TypeScript block of the packages' READMEs and the service page compiles against the built packages", {
    timeout: 0,
  }, () => {
    const { blocks, problems } = checkReadmeSnippets();
    expect(blocks.length).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });

  it("the service page shows the consumer test's service and its test as they are", () => {
    const page = readFileSync(join(root, "docs/use-in-your-service.md"), "utf8");
    const blocks = extractSnippets(page);
    for (const file of ["service.mts", "service.test.mts"]) {
      const shown = blocks.find((block) => block.file === file)?.code;
      expect(shown, `docs/use-in-your-service.md shows ${file}`).toBe(
        readFileSync(join(root, "scripts/consumer", file), "utf8").trimEnd(),
      );
    }
  });
});
