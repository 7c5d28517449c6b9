import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { CliError } from "../errors.js";

/** Why `--out` cannot be used: no folder given, a file in its place, a folder that cannot be written to, other. */
export type OutProblem = "empty" | "not-a-folder" | "not-writable" | "unusable";

/**
 * `--out` cannot take the downloads: a usage error (exit 2) found before any request, so nothing was generated.
 * `--json` carries `option`, `path` and `problem` as well as the message.
 */
export class OutDirError extends CliError {
  override readonly name = "OutDirError";
  readonly path: string;
  readonly problem: OutProblem;

  constructor(path: string, problem: OutProblem, message: string) {
    super("usage", `${message} Nothing was generated and no credits were spent.`);
    this.path = path;
    this.problem = problem;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), option: "--out", path: this.path, problem: this.problem };
  }
}

/** The file system calls the check makes (node:fs/promises), replaceable in tests. */
export interface OutDirFs {
  stat(path: string): Promise<{ isDirectory(): boolean }>;
  access(path: string, mode: number): Promise<void>;
}

const NODE_FS: OutDirFs = { stat, access };
const EXAMPLE = "such as --out ./out (created if missing)";
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/**
 * Checks, before anything is sent, that the finished media can be written into `dir`: `--out` names a folder (the
 * files are `<id>.<ext>` inside it, with new ids, so no file is ever replaced). The folder is either there and
 * writable, or missing with its nearest existing parent a writable folder (the download creates it, as before).
 * Nothing is created here: a refused generation leaves no empty folder behind.
 *
 * @throws {OutDirError} naming the problem and what to give instead.
 */
export async function checkOutDir(dir: string, fs: OutDirFs = NODE_FS): Promise<void> {
  if (dir.trim() === "") throw new OutDirError(dir, "empty", `--out needs a folder, ${EXAMPLE}.`);
  const target = resolve(dir);
  // The folder itself, else its nearest parent that exists: what the download's mkdir would write into.
  let existing = target;
  for (;;) {
    try {
      const found = await fs.stat(existing);
      if (!found.isDirectory()) {
        const where = existing === target ? `${dir} is a file` : `${dir} cannot be made: ${existing} is a file`;
        throw new OutDirError(dir, "not-a-folder", `--out takes a folder, and ${where}. Give a folder, ${EXAMPLE}.`);
      }
      break;
    } catch (error) {
      if (error instanceof OutDirError) throw error;
      const code = codeOf(error);
      // ENOTDIR: a file stands somewhere above; the walk up finds it and says which.
      if ((code === "ENOENT" || code === "ENOTDIR") && dirname(existing) !== existing) {
        existing = dirname(existing);
        continue;
      }
      throw new OutDirError(
        dir,
        "unusable",
        `--out ${dir} cannot be used (${code ?? String(error)}). Give another folder, ${EXAMPLE}.`,
      );
    }
  }
  try {
    await fs.access(existing, constants.W_OK | constants.X_OK);
  } catch (error) {
    const what = existing === target ? `the folder ${dir}` : `${existing}, where ${dir} would be made,`;
    throw new OutDirError(
      dir,
      "not-writable",
      `--out cannot write into ${what} (${codeOf(error) ?? "not writable"}). Give a folder you can write to, or change its permissions.`,
    );
  }
}
