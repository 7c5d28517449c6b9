// manifest.json is what Slack creates the app from (by hand, or through `slack run`): it must pass Slack's own
// published schema (a copy in test/support/slack-manifest-schema/, with where it came from), and hold what the
// assistant needs per Slack's docs, which the schema cannot say.
import { readFileSync } from "node:fs";
import { COMMAND_WORDS } from "@studio-kit/commands";
import { Ajv, type ErrorObject } from "ajv";
import addFormatsPlugin from "ajv-formats";
import { describe, expect, it } from "vitest";
import { readText } from "../src/index.js";
import { SUGGESTED_PROMPTS } from "../src/messages/assistant.js";

const readJson = (relative: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as Record<string, unknown>;

const SCHEMA = readJson("./support/slack-manifest-schema/manifest.schema.1.0.0.json");
const MANIFEST = readJson("../manifest.json");

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, whose `default` is the plugin.
const addFormats = addFormatsPlugin.default;

/** Slack's v1 schema compiled by ajv (draft-07, its `$schema`), every error reported, nothing coerced. */
function manifestValidator() {
  // Slack's schema carries two keywords of its own: `regex` (on background_color, a pattern Slack's tooling does not
  // enforce through JSON Schema either) and `_note` (a comment). Declared as annotations so strict mode accepts them.
  // strictTypes is off because the schema puts `minItems` on string items of external_auth_providers (harmless).
  const ajv = new Ajv({ allErrors: true, strictTypes: false });
  ajv.addKeyword("regex");
  ajv.addKeyword("_note");
  addFormats(ajv);
  return ajv.compile(SCHEMA);
}
const validate = manifestValidator();

/** Each error as a person reads it: where in the manifest, and what is wrong. */
const describeErrors = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map((error) => {
    const where = error.instancePath || "(the manifest)";
    const extra = (error.params as { additionalProperty?: string }).additionalProperty;
    return `${where}: ${error.message}${extra ? ` (${extra})` : ""}`;
  });

/** A copy to break on purpose. */
const copyOfManifest = () =>
  structuredClone(MANIFEST) as {
    display_information: Record<string, unknown>;
    features: Record<string, unknown> & { assistant_view: Record<string, unknown> };
  };

describe("manifest.json against Slack's published app manifest schema (v1)", () => {
  it("the vendored schema is the draft-07 v1 schema that knows the assistant view", () => {
    expect(SCHEMA.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(SCHEMA.required).toEqual(["display_information"]);
    const definitions = SCHEMA.definitions as Record<string, unknown>;
    expect(definitions).toHaveProperty(["app-manifests.v1.features.assistant_view"]);
  });

  it("is valid", () => {
    const valid = validate(MANIFEST);
    expect(describeErrors(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("is invalid without display_information.name, and the error names it", () => {
    const manifest = copyOfManifest();
    delete manifest.display_information.name;
    expect(validate(manifest)).toBe(false);
    expect(describeErrors(validate.errors)).toEqual(["/display_information: must have required property 'name'"]);
  });

  it("is invalid without assistant_view.assistant_description, and the error names it", () => {
    const manifest = copyOfManifest();
    delete manifest.features.assistant_view.assistant_description;
    expect(validate(manifest)).toBe(false);
    expect(describeErrors(validate.errors)).toEqual([
      "/features/assistant_view: must have required property 'assistant_description'",
    ]);
  });

  it("refuses a misspelt feature instead of ignoring it", () => {
    const manifest = copyOfManifest();
    const { assistant_view, ...others } = manifest.features;
    const misspelt = { ...manifest, features: { ...others, assistant_veiw: assistant_view } };
    expect(validate(misspelt)).toBe(false);
    expect(describeErrors(validate.errors)).toEqual([
      "/features: must NOT have additional properties (assistant_veiw)",
    ]);
  });

  it("refuses a display name longer than Slack's 35 characters", () => {
    const manifest = copyOfManifest();
    manifest.display_information.name = "S".repeat(36);
    expect(validate(manifest)).toBe(false);
    expect(describeErrors(validate.errors)).toEqual([
      "/display_information/name: must NOT have more than 35 characters",
    ]);
  });
});

describe("manifest.json has what the assistant needs (Slack's Agents & AI Apps setup)", () => {
  const features = MANIFEST.features as {
    assistant_view: { assistant_description: string; suggested_prompts: { title: string; message: string }[] };
    app_home: { messages_tab_enabled: boolean };
  };
  const settings = MANIFEST.settings as {
    event_subscriptions: { bot_events: string[] };
    socket_mode_enabled: boolean;
  };
  const botScopes = (MANIFEST.oauth_config as { scopes: { bot: string[] } }).scopes.bot;

  it("turns on the assistant view with a description", () => {
    expect(features.assistant_view.assistant_description.trim()).not.toBe("");
  });

  it("asks for assistant:write, chat:write and im:history, and keeps every scope the bot already used", () => {
    expect(botScopes).toEqual(
      expect.arrayContaining([
        "assistant:write",
        "chat:write",
        "im:history",
        // the scopes before the assistant: slash command, mentions, DMs, files, user groups, thread lookups
        "commands",
        "chat:write.public",
        "app_mentions:read",
        "channels:history",
        "groups:history",
        "mpim:history",
        "files:read",
        "files:write",
        "im:write",
        "usergroups:read",
        "users:read",
      ]),
    );
  });

  it("subscribes to the assistant thread events and to messages in the bot's DM, beside the earlier events", () => {
    expect(settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining([
        "assistant_thread_started",
        "assistant_thread_context_changed",
        "message.im",
        "app_mention",
        "app_home_opened",
      ]),
    );
  });

  it("keeps the Messages tab on (the assistant's threads live in the bot's DM) and Socket Mode on (slack run)", () => {
    expect(features.app_home.messages_tab_enabled).toBe(true);
    expect(settings.socket_mode_enabled).toBe(true);
  });

  it("offers at most four suggested prompts, each one a command the bot runs as written", () => {
    const prompts = features.assistant_view.suggested_prompts;
    // Slack shows up to four prompts (assistant.threads.setSuggestedPrompts documents the same limit).
    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts.length).toBeLessThanOrEqual(4);
    const kinds = prompts.map(({ message }) => {
      // A message in the assistant thread is read as a mention is: a prompt that the bot would answer with a
      // question ("Did you mean ...?") or a parse error would greet people with a dead end.
      const reading = readText(message, "mention");
      if (reading.kind !== "command" || !reading.result.ok) return `not a command: ${message}`;
      return reading.result.command.kind;
    });
    expect(kinds).toEqual(["image", "video", "credits", "boards"]);
  });

  it("offers the same prompts as the bot sets on a new thread, so Slack's defaults and the bot's agree", () => {
    expect(features.assistant_view.suggested_prompts).toEqual(SUGGESTED_PROMPTS);
  });
});

describe("manifest.json's /studio usage hint", () => {
  const [studio] = (MANIFEST.features as { slash_commands: { command: string; usage_hint: string }[] }).slash_commands;

  it("names every command word of the grammar, in the grammar's order", () => {
    expect(studio?.command).toBe("/studio");
    expect(studio?.usage_hint).toBe(`[${COMMAND_WORDS.join("|")}] ...`);
  });
});
