import { type LibraryAsset, searchAssets } from "@studio-kit/core";
import { type Command, InvalidArgumentError, Option } from "commander";
import type { RunContext } from "../context.js";
import { when } from "../dates.js";
import { table } from "../table.js";

/** The library's asset types (schema/library.graphql, enum AssetType), as `--type` takes them. */
const TYPES = ["image", "video", "audio", "prompt", "logo", "creative"] as const;
/** At most this many assets are listed: a search, not an export (scripts page with `--limit`). */
const DEFAULT_LIMIT = 50;

function limit(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 1000) {
    throw new InvalidArgumentError(`--limit takes a whole number from 1 to 1000 (got "${value.slice(0, 20)}").`);
  }
  return parsed;
}

const title = (asset: LibraryAsset): string | null => {
  if ("displayName" in asset && asset.displayName) return asset.displayName;
  if ("name" in asset && asset.name) return asset.name;
  if ("prompt" in asset && asset.prompt) return asset.prompt;
  return null;
};

/** `studio assets [term] [--type ...]`: search the asset library. */
export function registerAssets(program: Command, run: RunContext): void {
  program
    .command("assets")
    .argument("[term...]", "words to search for")
    .addOption(new Option("--type <type...>", "only these kinds").choices(TYPES))
    .option("--limit <n>", `list at most n assets (default ${DEFAULT_LIMIT})`, limit)
    .description("Search the asset library")
    .action(async (words: string[], options: { type?: string[]; limit?: number }, command: Command) => {
      const { printer, session } = run.begin(command);
      const { client } = await session();
      const term = words.join(" ").trim();
      const types = options.type?.map((type) => type.toUpperCase() as Uppercase<(typeof TYPES)[number]>);
      const assets: LibraryAsset[] = [];
      const max = options.limit ?? DEFAULT_LIMIT;
      for await (const asset of searchAssets(client, { ...(term ? { term } : {}), ...(types ? { types } : {}) })) {
        assets.push(asset);
        if (assets.length >= max) break;
      }
      printer.result({ assets }, () =>
        assets.length
          ? table(
              ["KIND", "ID", "CREATED", "NAME"],
              assets.map((asset) => [
                asset.__typename.toLowerCase(),
                "id" in asset ? asset.id : "-",
                "createdAt" in asset ? when(asset.createdAt as string | null) : "-",
                title(asset),
              ]),
            )
          : `Nothing in the library${term ? ` matches "${term}"` : ""}.`,
      );
    });
}
