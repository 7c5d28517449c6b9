import type { Catalog, GenerationKind, Preset } from "@studio-kit/commands";
import { modelsFor } from "@studio-kit/commands";
import type { Board, LibraryAsset } from "@studio-kit/core";
import { type Block, context, escapeText, listValues, message, quote, type SlackMessage, section } from "./blocks.js";
import { counted } from "./describe.js";

// Lists are capped so a workspace with hundreds of boards or presets still gets one valid message; the footer
// says how many were left out and how to narrow the list.
const MAX_ROWS = 20;

function capped<T>(items: readonly T[], row: (item: T) => string, narrow: string): Block[] {
  const lines = items.slice(0, MAX_ROWS).map(row);
  const blocks = [section(lines.join("\n") || "_Nothing here yet._")];
  if (items.length > MAX_ROWS) blocks.push(context(`Showing ${MAX_ROWS} of ${items.length}. ${narrow}`));
  return blocks;
}

/** The `/studio boards` reply, most recently updated first (the order `listBoards` returns). */
export function boardsMessage(boards: Board[], defaultBoardId?: string | null): SlackMessage {
  const row = (board: Board) => {
    const mark = board.id === defaultBoardId ? " :pushpin: _channel default_" : "";
    return `• *${quote(board.title ?? "Untitled", 80)}* (${counted(board.assetCount ?? 0, "asset")})${mark}`;
  };
  return message(counted(boards.length, "board"), [
    ...capped(boards, row, "Older boards are on the platform."),
    context('`/studio board use "title"` makes one this channel\'s default.'),
  ]);
}

const ROLES: GenerationKind[] = ["image", "video", "music", "voice"];

/** The `/studio models` reply: each model with its cost and the values it accepts. */
export function modelsMessage(catalog: Catalog, role?: GenerationKind): SlackMessage {
  const blocks: Block[] = [];
  for (const kind of role ? [role] : ROLES) {
    const { models, defaultId } = modelsFor(catalog, kind);
    const lines = models.slice(0, 10).map((model) => {
      const extra = [
        model.supportedQualities?.length ? `quality ${listValues(model.supportedQualities, 6, 120)}` : "",
        model.supportedResolutions?.length ? `resolution ${listValues(model.supportedResolutions, 6, 120)}` : "",
        model.supportedDurations?.length ? `duration ${listValues(model.supportedDurations.map(String), 6, 120)}` : "",
      ].filter(Boolean);
      const mark = model.id === defaultId ? " _(default)_" : "";
      return `• \`${quote(model.id, 80)}\`${mark}: ${model.estimatedCredits ?? "?"} credits${extra.length ? `; ${extra.join("; ")}` : ""}`;
    });
    const more = models.length > 10 ? `\n…and ${models.length - 10} more` : "";
    blocks.push(section(`*${kind}*\n${lines.join("\n") || "_none available_"}${more}`));
  }
  return message("Models and the values they accept", blocks);
}

/** The `/studio presets [query]` reply. */
export function presetsMessage(presets: Preset[], query?: string, totalCount?: number | null): SlackMessage {
  const row = (preset: Preset) => {
    const format = preset.outputFormat ? ` · ${escapeText(preset.outputFormat.toLowerCase())}` : "";
    return `• \`${quote(preset.slug, 60)}\` ${quote(preset.title ?? "", 60)}${format}`;
  };
  const total = totalCount ?? presets.length;
  const head = query ? `Presets matching “${quote(query, 100)}”` : "Presets";
  return message(counted(total, "preset"), [
    section(`*${head}* (${total})`),
    ...capped(presets, row, "Add a search word: `/studio presets light`."),
    context("Use one with `--preset slug` (repeatable)."),
  ]);
}

/** The `/studio assets <term>` reply. */
export function assetsMessage(term: string, assets: LibraryAsset[]): SlackMessage {
  const row = (asset: LibraryAsset) => {
    const name = ("displayName" in asset && asset.displayName) || ("name" in asset && asset.name) || asset.id;
    const url = "url" in asset ? asset.url : null;
    const link = url && url.length <= 1000 && /^https?:\/\//.test(url) ? ` <${url.replace(/[|>]/g, "")}|open>` : "";
    return `• ${asset.__typename}: ${quote(String(name), 80)}${link}`;
  };
  return message(`${counted(assets.length, "asset")} for ${quote(term, 100)}`, [
    section(`*Assets matching “${quote(term, 200)}”*`),
    ...capped(assets, row, "Use a more specific term to narrow it down."),
  ]);
}
