// The README's account of the API must travel with a clone (issue 42): its first paragraph pointed at
// `../shared/spec/…`, which a clone elsewhere does not have. It links the project's own page on the API instead,
// which covers every area of the SDL and sits beside docs/schema-gaps.md.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const firstParagraph = readme.split(/\n\s*\n/).find((block) => !block.startsWith("#")) ?? "";

describe("the README's first paragraph on the API", () => {
  it("names nothing outside the repository", () => {
    expect(firstParagraph).not.toMatch(/\.\.\//);
  });

  it("links the project's page on the API and the schema gaps, both in the repository", () => {
    const links = [...firstParagraph.matchAll(/\]\(([^)#]+)\)/g)].map((match) => match[1]);
    expect(links).toEqual(["docs/platform-api.md", "docs/schema-gaps.md"]);
    for (const link of links) expect(existsSync(join(root, link)), link).toBe(true);
    expect(firstParagraph).toMatch(/written from the platform's own specification/);
  });

  it("leads to a page that names every file of the SDL", () => {
    const page = readFileSync(join(root, "docs/platform-api.md"), "utf8");
    const files = readdirSync(join(root, "schema")).filter((name) => name.endsWith(".graphql"));
    for (const file of files) expect(page, file).toContain(`schema/${file}`);
    expect(page).toContain("(schema-gaps.md)");
  });
});
