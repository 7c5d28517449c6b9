import { AvailableGenerationModelsDocument, StudioPresetsPageDocument } from "@studio-kit/operations";
import { type Command, InvalidArgumentError } from "commander";
import type { RunContext } from "../context.js";
import { table } from "../table.js";

const ROLES = ["image", "video", "music", "voice"] as const;
type Role = (typeof ROLES)[number];
const LISTS = { image: "imageModels", video: "videoModels", music: "musicModels", voice: "voiceModels" } as const;
const DEFAULTS = {
  image: "defaultImageModelId",
  video: "defaultVideoModelId",
  music: "defaultMusicModelId",
  voice: "defaultVoiceModelId",
} as const;

function role(value: string): Role {
  const lower = value.toLowerCase();
  if ((ROLES as readonly string[]).includes(lower)) return lower as Role;
  throw new InvalidArgumentError(`models takes image, video, music or voice (got "${value.slice(0, 40)}").`);
}

/** A model's list of values ("1K 2K 4K"), or "-" when the role's models have no such field or it is empty. */
const list = (model: object, field: string) => {
  const values = (model as Record<string, unknown>)[field];
  return Array.isArray(values) && values.length ? values.join(" ") : "-";
};

/** `studio models [role]` and `studio presets [query]`: the values the generation options take. */
export function registerCatalog(program: Command, run: RunContext): void {
  program
    .command("models")
    .argument("[role]", "image, video, music or voice (default: all)", role)
    .description("List the models and the values each takes (--model, --quality, --resolution, --duration, --voice)")
    .action(async (only: Role | undefined, _options, command: Command) => {
      const { printer, session } = run.begin(command);
      const { client } = await session();
      const { availableGenerationModels: catalog } = await client.request(AvailableGenerationModelsDocument);
      const roles = only ? [only] : ROLES;
      const models = roles.flatMap((r) =>
        (catalog?.[LISTS[r]] ?? []).map((model) => ({
          role: r,
          default: catalog?.[DEFAULTS[r]] === model.id,
          ...model,
        })),
      );
      printer.result({ models }, () =>
        table(
          ["ROLE", "MODEL", "CREDITS", "QUALITY", "RESOLUTION", "DURATION (s)", "LABEL"],
          models.map((m) => [
            m.role,
            m.default ? `${m.id} (default)` : m.id,
            m.estimatedCredits,
            list(m, "supportedQualities"),
            list(m, "supportedResolutions"),
            list(m, "supportedDurations"),
            m.label,
          ]),
        ),
      );
    });

  program
    .command("presets")
    .argument("[query...]", "words to search the presets for")
    .description("List style presets (--preset takes their slugs)")
    .action(async (words: string[], _options, command: Command) => {
      const { printer, session } = run.begin(command);
      const { client } = await session();
      const q = words.join(" ").trim() || null;
      const { studioPresetsPage } = await client.request(StudioPresetsPageDocument, { q, limit: 100 });
      const presets = studioPresetsPage?.items ?? [];
      printer.result({ presets, totalCount: studioPresetsPage?.totalCount ?? presets.length }, () =>
        presets.length
          ? table(
              ["SLUG", "FOR", "COMBINES", "TITLE"],
              presets.map((p) => [
                p.slug,
                p.outputFormat?.toLowerCase() ?? "any",
                p.stackable === false ? "alone" : "yes",
                p.title,
              ]),
            )
          : `No presets${q ? ` match "${q}"` : ""}.`,
      );
    });
}
