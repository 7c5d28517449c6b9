// Finds the repository paths a Markdown file names, and which of them do not exist. Pure: the caller passes the
// file's text, where it is, and an `exists` test, so the rules below are tested without a file system.
// `scripts/check-readme-paths.mjs` runs it over the READMEs and docs/.
//
// The heuristics, chosen to catch a file moved without its docs while raising no false alarm on this tree:
// - Read: inline code spans (`like/this.ts`) and Markdown link targets ([text](like/this.md), ![](img.png),
//   [label]: target). Fenced code blocks are skipped: they hold commands, trees and output.
// - A code span is a path when it contains a `/`, or is a file name ending in a source or docs extension
//   (SOURCE_EXTENSIONS: .ts .mjs .js .json .md .graphql .yml .sh ...), and it has
//   - no whitespace (a command or prose: `pnpm --filter <package> test`);
//   - none of `< > * { } [ ] ( ) $ = : , ; " ' ? # | ! & ~ ^ @ \` (placeholders, globs, URLs, env assignments,
//     calls, npm names such as `@studio-kit/core` or `@studio-kit/operations/schema.graphql`, scopes such as
//     `chat:write`); a trailing `:<line>` is dropped first;
//   - no leading `-` (a flag) or `/` (a slash command, an HTTP route, an absolute path outside the repository:
//     `/studio`, `/graphql`, `/usr/bin/chromium`);
//   - more than an extension (`.graphql` names a kind of file).
//   A bare media name (`image-1-of-2-a-red-fox.png`) is an example of a file name, not a path: media extensions
//   count only with a `/`. A span broken over two lines right after a `/` or `-` is joined.
// - Where a code span is looked for, first hit wins: the file's folder, the file's package root (the nearest folder
//   with a package.json: a package README says `src/index.ts`), that package's `src/` (READMEs name sources as
//   `flows/ask.ts`), the repository root. A span that follows a path with a `/` in the same paragraph or table
//   row is also tried in that path's folder: "`src/commands/tokenize.ts`, `flags.ts`" names two files in one
//   folder, "`src/server/assistant.ts`, `routes/assistant.ts`" two in src/server/.
// - A link target is resolved from the file's folder only, as a Markdown renderer does; URLs (any `scheme:`) and
//   `#anchors` are ignored, and `#anchor` / `?query` suffixes dropped. A file of another project is named with a
//   link to it, which is then not checked.
// - A span with a `/` but no source extension whose first segment names nothing at any of those places is not a
//   path: MIME types (`image/png`), repositories (`slackapi/manifest-schema`), `./out`. A stale path under an
//   existing folder (`src/gone/`) is still reported.
// - Ignored: a path that leaves the repository from the file's folder, or, for a code span, from the repository
//   root (`../shared/...`, the notes kept beside the repository; a package README names a sibling package's file
//   from the root, `packages/upload/README.md`, or links to it, for it to be checked); what git ignores (the
//   caller passes `ignored`, built from .gitignore by `gitignoreMatcher`: build and run outputs that a clean clone
//   does not have, such as `dist/`, `docs/api/`, `studio-bot.db`); and `CHANGELOG.md`, which changesets writes at
//   the first release.
import { posix } from "node:path";

/** Extensions that make a code span without a `/` a file name worth checking. */
export const SOURCE_EXTENSIONS = [
  "ts",
  "mts",
  "cts",
  "tsx",
  "js",
  "mjs",
  "cjs",
  "json",
  "md",
  "graphql",
  "yml",
  "yaml",
  "sh",
  "sql",
  "html",
  "css",
];

const SOURCE = new RegExp(`\\.(${SOURCE_EXTENSIONS.join("|")})$`);
const EXTENSION_ONLY = /^\.[\w-]+$/;
const NOT_A_PATH = /[\s<>*{}[\]()$=:,;"'?#|!&~^@\\]/;
const CHANGELOG = /(^|\/)CHANGELOG\.md$/;

/** Whether a code span's content is taken for a repository path (see the rules at the top). */
export function looksLikeCodePath(content) {
  if (content === "" || NOT_A_PATH.test(content) || EXTENSION_ONLY.test(content)) return false;
  if (content.startsWith("-") || content.startsWith("/")) return false;
  return content.includes("/") || SOURCE.test(content);
}

/** `text` with fenced code blocks blanked out (line breaks kept, so offsets keep their line numbers). */
const withoutFences = (text) => {
  let fence = null;
  return text
    .split("\n")
    .map((line) => {
      const open = /^\s*(`{3,}|~{3,})/.exec(line);
      if (fence === null && open) {
        fence = open[1];
        return "";
      }
      if (fence !== null) {
        if (line.trim().startsWith(fence)) fence = null;
        return "";
      }
      return line;
    })
    .join("\n");
};

/** For each line (1-based), the paragraph it belongs to: blank lines end one, and a table row is one of its own. */
const paragraphs = (lines) => {
  const ids = [0];
  let id = 0;
  for (const line of lines) {
    if (line.trim() === "" || line.trimStart().startsWith("|")) id++;
    ids.push(id);
    if (line.trimStart().startsWith("|")) id++;
  }
  return ids;
};

/**
 * Every code span and link target of a Markdown text that looks like a repository path, with its line and, for a
 * code span, `near`: the folder of the path with a `/` named before it in the same paragraph, if any.
 * @param {string} markdown
 * @returns {{ path: string, line: number, kind: "code" | "link", near?: string }[]}
 */
export function extractPathReferences(markdown) {
  const text = withoutFences(markdown);
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  const lineAt = (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const paragraphOf = paragraphs(text.split("\n"));
  const found = [];

  // Code spans: a run of backticks, the content, the same run. Content may cross a line break, not a blank line.
  const spans = /(?<!`)(`+)(?!`)((?:(?!\n[ \t]*\n)[\s\S])+?)(?<!`)\1(?!`)/g;
  const inSpans = [];
  let previous = null;
  for (const match of text.matchAll(spans)) {
    inSpans.push([match.index, match.index + match[0].length]);
    const content = match[2]
      .replace(/([/-])\n\s*/g, "$1")
      .replace(/\n\s*/g, " ")
      .trim()
      .replace(/:\d+(:\d+)?$/, "");
    if (!looksLikeCodePath(content)) continue;
    const line = lineAt(match.index);
    const paragraph = paragraphOf[line];
    const near = previous?.paragraph === paragraph ? previous.folder : undefined;
    found.push({ path: content, line, kind: "code", ...(near === undefined ? {} : { near }) });
    if (content.includes("/")) previous = { paragraph, folder: posix.dirname(content.replace(/\/$/, "/.")) };
  }

  // Link targets, inline ([text](target "title")) and reference definitions ([label]: target), outside code spans.
  const links = /\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm;
  for (const match of text.matchAll(links)) {
    if (inSpans.some(([from, to]) => match.index >= from && match.index < to)) continue;
    const raw = match[1] ?? match[2];
    if (raw.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(raw)) continue;
    let path = raw.replace(/[#?].*$/, "");
    try {
      path = decodeURI(path);
    } catch {}
    found.push({ path, line: lineAt(match.index), kind: "link" });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The folders a reference is looked for in, in order (see the rules at the top). */
const basesOf = (reference, { file, packageDir }) => {
  const folder = posix.dirname(file);
  if (reference.kind === "link") return [folder];
  const bases = [folder, packageDir, posix.join(packageDir, "src"), "."];
  if (reference.near !== undefined) bases.push(...bases.map((base) => posix.join(base, reference.near)));
  return [...new Set(bases)];
};

/**
 * The repository-relative places a reference may name, in the order they are tried (`..`-relative when outside).
 * @param {{ path: string, kind: "code" | "link", near?: string }} reference
 * @param {{ file: string, packageDir: string }} where repository-relative, with `/`
 */
export function resolutions(reference, where) {
  return basesOf(reference, where).map((base) => posix.normalize(posix.join(base, reference.path)).replace(/\/$/, ""));
}

const outside = (place) => place === ".." || place.startsWith("../");

/**
 * A test for repository-relative paths from the text of a root .gitignore: `*`, `?` and `**` globs, a leading or
 * inner `/` anchoring to the root, a trailing `/` for a folder (and so everything under it). Negations (`!`) are
 * not supported and skipped.
 * @param {string} gitignore
 * @returns {(path: string) => boolean}
 */
export function gitignoreMatcher(gitignore) {
  const patterns = gitignore
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#") && !line.startsWith("!"))
    .map((line) => {
      const body = line.replace(/\/$/, "");
      const anchored = body.includes("/");
      const glob = body
        .replace(/^\//, "")
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*\/?/g, "\u0000")
        .replace(/\*/g, "[^/]*")
        .replace(/\?/g, "[^/]")
        .replaceAll("\u0000", ".*");
      return new RegExp(`${anchored ? "^" : "(^|/)"}${glob}(/|$)`);
    });
  return (path) => patterns.some((pattern) => pattern.test(path));
}

/**
 * The references of a Markdown file that name no existing repository path.
 * @param {string} markdown the file's text
 * @param {{ file: string, packageDir: string, exists: (path: string) => boolean, ignored?: (path: string) => boolean }}
 *   where `file` and `packageDir` are relative to the repository root, with `/` (`"."` for the root); `exists`
 *   answers for such a path, `ignored` says which are not to be checked (see `gitignoreMatcher`).
 * @returns {{ path: string, line: number, kind: "code" | "link", near?: string }[]}
 */
export function findMissingPaths(markdown, { file, packageDir, exists, ignored = () => false }) {
  const missing = [];
  for (const reference of extractPathReferences(markdown)) {
    const places = resolutions(reference, { file, packageDir });
    const fromRoot = posix.normalize(reference.path);
    if (outside(places[0]) || (reference.kind === "code" && outside(fromRoot))) continue;
    const inside = places.filter((place) => !outside(place));
    if (inside.some(exists)) continue;
    // Only the places the path names by itself, not the guesses next to an earlier path, decide that it is ignored.
    const named = resolutions({ ...reference, near: undefined }, { file, packageDir }).filter((p) => !outside(p));
    if (named.some((place) => CHANGELOG.test(place) || ignored(place))) continue;
    if (reference.kind === "code" && !SOURCE.test(reference.path)) {
      const first = reference.path.replace(/^(\.\/)+/, "").split("/")[0];
      const firsts = basesOf(reference, { file, packageDir }).map((base) => posix.normalize(posix.join(base, first)));
      if (!firsts.some((place) => !outside(place) && exists(place))) continue;
    }
    missing.push(reference);
  }
  return missing;
}
