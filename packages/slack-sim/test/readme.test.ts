// The README's example of testing another team's app is test/readme-example.test.ts itself, shown verbatim (but for
// its import of this package by name): this keeps the example a test that runs, and the README true to it.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
const MARKER = "<!-- the code of test/readme-example.test.ts; test/readme.test.ts checks they are the same -->";

it("the README's example test is the code of test/readme-example.test.ts", () => {
  const readme = read("../README.md");
  const start = readme.indexOf(MARKER);
  expect(start, "the README has the marked example").toBeGreaterThan(-1);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start))?.[1];
  const file = read("./readme-example.test.ts").replace('from "../src/index.js"', 'from "@studio-kit/slack-sim"');
  expect(block).toBe(file);
});
