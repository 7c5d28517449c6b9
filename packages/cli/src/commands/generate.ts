import { emptyPromptError, type GenerationKind, generationCommand } from "@studio-kit/commands";
import { addToBoard } from "@studio-kit/core";
import type { Command } from "commander";
import { boardForResults } from "../boards.js";
import type { Invocation, RunContext } from "../context.js";
import { CliError, usageError } from "../errors.js";
import { withBrand } from "../generate/brand.js";
import { download } from "../generate/download.js";
import { addGenerationOptions, flagValues } from "../generate/options.js";
import { checkOutDir } from "../generate/out-dir.js";
import { prepare } from "../generate/prepare.js";
import { type Queued, sendGeneration, whatIsAsked } from "../generate/send.js";
import { waitForAll } from "../generate/wait.js";
import { progressBoard } from "../progress.js";
import { publicRecord, type RecordState } from "../records.js";
import { table } from "../table.js";

const ABOUT: Record<GenerationKind, { argument: string; description: string }> = {
  image: { argument: "<prompt...>", description: "Generate images" },
  video: { argument: "<prompt...>", description: "Generate a video clip" },
  music: { argument: "<prompt...>", description: "Generate a music track" },
  voice: { argument: "<script...>", description: "Read a script aloud" },
};

interface WaitOptions {
  wait?: boolean;
  out?: string;
}

/** `studio image|video|music|voice <prompt> [options]`: the bot's generation commands, with its options and checks. */
export function registerGenerate(program: Command, run: RunContext): void {
  for (const kind of ["image", "video", "music", "voice"] as const) {
    const command = program.command(kind).argument(ABOUT[kind].argument).description(ABOUT[kind].description);
    addGenerationOptions(command, kind)
      .option("--wait", "wait for the results and print them (default: print the queued ids and return)")
      .option(
        "--out <dir>",
        "download the finished media into the folder dir as <id>.<ext>, created if missing (implies --wait)",
      )
      .action((words: string[], options: WaitOptions, self: Command) =>
        generate(run.begin(self), kind, words, options, self),
      );
  }
}

async function generate(
  invocation: Invocation,
  kind: GenerationKind,
  words: string[],
  options: WaitOptions,
  self: Command,
) {
  const { printer, io, globals } = invocation;
  const prompt = words.join(" ").trim();
  if (!prompt) throw usageError(emptyPromptError(kind, { invocation: "studio" }).message);
  const asked = generationCommand(kind, prompt, flagValues(self, kind));
  const boardTitle = "board" in asked ? asked.board : undefined;
  const wait = options.wait === true || options.out !== undefined || boardTitle !== undefined;
  // Where the files go is checked before any request: a file in the way is found now, not after credits are spent.
  if (options.out !== undefined) await checkOutDir(options.out);

  const { client, poller, fetch } = await invocation.session();
  // --brand: the brand is read before the checks, so a workspace without one is refused before any cost is asked.
  const branded = "brand" in asked && asked.brand ? await withBrand(client, asked) : undefined;
  const command = branded?.command ?? asked;
  if (branded) printer.note(`Brand applied: ${branded.summary}`);
  const cleared = await prepare(client, command, { io, printer, yes: globals.yes === true });
  // A Ctrl-C during the checks stops here, before anything is spent; once sent, the mutation is never sent again.
  if (io.signal?.aborted) throw new CliError("interrupted", "Stopped before sending: nothing was generated.");
  const queued = await sendGeneration(client, cleared);
  const ids = queued.ids.join(" ");
  printer.note(`Queued ${whatIsAsked(command)}: ${ids}`);
  if (!wait) {
    const records = queued.ids.map((id) => ({ id, kind: queued.kind, status: "QUEUED" }));
    printer.result({ records, ...brandOf(branded) }, () =>
      table(
        ["ID", "KIND", "STATUS"],
        records.map((r) => [r.id, r.kind, r.status]),
      ),
    );
    return;
  }

  const records = await waitOrStop(invocation, queued, poller());
  const done = records.filter((record) => record.status === "COMPLETED");
  const files = new Map<string, string>();
  if (options.out !== undefined) {
    for (const record of done) files.set(record.id, await download(fetch, record, options.out, io.signal));
  }
  let board: { id: string; title: string | null; created: boolean } | undefined;
  if (boardTitle !== undefined && done.length) {
    const found = await boardForResults(client, boardTitle);
    await addToBoard(
      client,
      found.board,
      done.map((record) => ({ assetType: record.kind, assetId: record.id })),
    );
    board = { id: found.board.id, title: found.board.title, created: found.created };
  }
  const shown = records.map((record) => ({
    ...publicRecord(record),
    ...(files.has(record.id) ? { file: files.get(record.id) } : {}),
  }));
  printer.result({ records: shown, ...(board ? { board } : {}), ...brandOf(branded) }, () => {
    const rows = table(
      ["ID", "KIND", "STATUS", "FILE"],
      shown.map((r) => [r.id, r.kind, r.status, r.file]),
    );
    const onBoard = board
      ? `\nOn board "${board.title ?? boardTitle}"${board.created ? " (created)" : ""}: ${done.length} card${done.length === 1 ? "" : "s"}.`
      : "";
    return `${rows}${onBoard}`;
  });
  const failed = records.filter((record) => record.status !== "COMPLETED");
  if (failed.length) {
    throw new CliError(
      "failed",
      failed.map((r) => `${r.kind} ${r.id} failed: ${r.errorMessage ?? "the service gave no reason"}`).join("\n"),
    );
  }
}

/** `--json`'s `brand`: the summary added to the prompt, only when `--brand` was given. */
const brandOf = (branded: { summary: string } | undefined) => (branded ? { brand: { summary: branded.summary } } : {});

/** Waits for the results; Ctrl-C stops the wait (exit 130) and says how to look at the queued ids later. */
async function waitOrStop(
  invocation: Invocation,
  queued: Queued,
  poller: Parameters<typeof waitForAll>[0],
): Promise<RecordState[]> {
  const { io, printer } = invocation;
  try {
    return await waitForAll(poller, queued, progressBoard(io, printer), io.signal);
  } catch (error) {
    if (!io.signal?.aborted) throw error;
    const ids = queued.ids.join(" ");
    throw new CliError(
      "interrupted",
      `Stopped waiting; nothing is sent again. Still generating: ${ids}. See them later with: studio status ${ids}`,
    );
  }
}
