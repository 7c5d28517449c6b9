// manifest.json is what Slack creates the app from (by hand, or through `slack run`): it must pass Slack's own
// published schema (a copy in test/support/slack-manifest-schema/, with where it came from), and hold what the
// agent needs per Slack's docs, which the schema cannot say. It turns on the agent view (`features.agent_view`,
// https://docs.slack.dev/ai/migrating-to-agent-messaging/); manifest.assistant-view.json is the same app with the
// assistant view, for a workspace whose app was installed with it (STUDIO_SLACK_SURFACE=assistant).
import { readFileSync } from "node:fs";
import { COMMAND_WORDS } from "@studio-kit/commands";
import { Ajv, type ErrorObject } from "ajv";
import addFormatsPlugin from "ajv-formats";
import { describe, expect, it } from "vitest";
import { readText } from "../src/index.js";
import { STEP_CALLBACK_IDS } from "../src/listeners/functions/index.js";
import { SUGGESTED_PROMPTS } from "../src/messages/assistant.js";
import { promptQuestionOf } from "../src/messages/prompt-questions.js";

const readJson = (relative: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as Record<string, unknown>;

const SCHEMA = readJson("./support/slack-manifest-schema/manifest.schema.1.0.0.json");
const MANIFEST = readJson("../manifest.json");
const ASSISTANT_MANIFEST = readJson("../manifest.assistant-view.json");

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
    features: Record<string, unknown> & { agent_view: Record<string, unknown> };
  };

describe("manifest.json against Slack's published app manifest schema (v1)", () => {
  it("the vendored schema is the draft-07 v1 schema that knows the agent view and the assistant view", () => {
    expect(SCHEMA.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(SCHEMA.required).toEqual(["display_information"]);
    const definitions = SCHEMA.definitions as Record<string, unknown>;
    expect(definitions).toHaveProperty(["app-manifests.v1.features.agent_view"]);
    expect(definitions).toHaveProperty(["app-manifests.v1.features.assistant_view"]);
  });

  it("is valid", () => {
    const valid = validate(MANIFEST);
    expect(describeErrors(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("manifest.assistant-view.json is valid too", () => {
    const valid = validate(ASSISTANT_MANIFEST);
    expect(describeErrors(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("refuses the assistant view's field name under agent_view (assistant_description becomes agent_description)", () => {
    const manifest = copyOfManifest();
    const { agent_description, ...rest } = manifest.features.agent_view;
    manifest.features.agent_view = { assistant_description: agent_description, ...rest };
    expect(validate(manifest)).toBe(false);
    expect(describeErrors(validate.errors)).toEqual([
      "/features/agent_view: must NOT have additional properties (assistant_description)",
    ]);
  });

  it("refuses an agent_description longer than Slack's 300 characters", () => {
    const manifest = copyOfManifest();
    manifest.features.agent_view.agent_description = "S".repeat(301);
    expect(validate(manifest)).toBe(false);
    expect(describeErrors(validate.errors)).toEqual([
      "/features/agent_view/agent_description: must NOT have more than 300 characters",
    ]);
  });

  it("is invalid without display_information.name, and the error names it", () => {
    const manifest = copyOfManifest();
    delete manifest.display_information.name;
    expect(validate(manifest)).toBe(false);
    expect(describeErrors(validate.errors)).toEqual(["/display_information: must have required property 'name'"]);
  });

  it("is invalid without assistant_view.assistant_description (the assistant-view manifest), and the error names it", () => {
    const manifest = structuredClone(ASSISTANT_MANIFEST) as { features: { assistant_view: Record<string, unknown> } };
    delete manifest.features.assistant_view.assistant_description;
    expect(validate(manifest)).toBe(false);
    expect(describeErrors(validate.errors)).toEqual([
      "/features/assistant_view: must have required property 'assistant_description'",
    ]);
  });

  it("refuses a misspelt feature instead of ignoring it", () => {
    const manifest = copyOfManifest();
    const { agent_view, ...others } = manifest.features;
    const misspelt = { ...manifest, features: { ...others, agent_veiw: agent_view } };
    expect(validate(misspelt)).toBe(false);
    expect(describeErrors(validate.errors)).toEqual(["/features: must NOT have additional properties (agent_veiw)"]);
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

describe("manifest.json has what the agent needs (Slack's agent messaging experience)", () => {
  const features = MANIFEST.features as {
    agent_view: { agent_description: string; suggested_prompts: { title: string; message: string }[] };
    app_home: { messages_tab_enabled: boolean };
  };
  const settings = MANIFEST.settings as {
    event_subscriptions: { bot_events: string[] };
    socket_mode_enabled: boolean;
  };
  const botScopes = (MANIFEST.oauth_config as { scopes: { bot: string[] } }).scopes.bot;

  it("turns on the agent view with a description, and not the assistant view (Slack's migration: one or the other)", () => {
    expect(features.agent_view.agent_description.trim()).not.toBe("");
    expect(features).not.toHaveProperty("assistant_view");
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
        // conversations.info: whether a result's channel is public, for `/studio show` (flows/show.ts)
        "channels:read",
        // conversations.info on a DM: whose it is, so a workflow step posts only in its Run-as person's (issue 42)
        "im:read",
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

  it("subscribes to app_home_opened (opening the DM, in place of assistant_thread_started) and the DM's messages", () => {
    // https://docs.slack.dev/ai/migrating-to-agent-messaging/: "Subscribe to the app_home_opened event to be
    // notified when a user has opened a DM with your app"; the assistant thread events do not come in this view.
    // agent_session_stopped: without it people get no stop button on the bot's sessions
    // (https://docs.slack.dev/reference/events/agent_session_stopped/, decision 0028).
    expect([...settings.event_subscriptions.bot_events].sort()).toEqual([
      "agent_session_stopped",
      "app_home_opened",
      "app_mention",
      "entity_details_requested",
      "link_shared",
      "message.im",
    ]);
  });

  it("unfurls the platform's links as Work Objects: unfurl domains, links:read/write, link_shared, entity_details_requested", () => {
    // https://docs.slack.dev/messaging/unfurling-links-in-messages (unfurl_domains, links:read, links:write) and
    // https://docs.slack.dev/messaging/work-objects-implementation (the flexpane's entity_details_requested). The
    // entity types are chosen in the app's settings ("Work Object Previews"), not in the manifest (decision 0021).
    const features = MANIFEST.features as { unfurl_domains?: string[] };
    expect(features.unfurl_domains?.length).toBeGreaterThan(0);
    const scopes = (MANIFEST.oauth_config as { scopes: { bot: string[] } }).scopes.bot;
    expect(scopes).toEqual(expect.arrayContaining(["links:read", "links:write"]));
    expect(settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(["link_shared", "entity_details_requested"]),
    );
  });

  it("differs from manifest.assistant-view.json only in the view and the assistant thread events", () => {
    const { agent_view, ...features } = MANIFEST.features as Record<string, unknown>;
    const assistant = structuredClone(ASSISTANT_MANIFEST) as typeof MANIFEST & {
      features: Record<string, unknown> & { assistant_view: { assistant_description: string } };
      settings: { event_subscriptions: { bot_events: string[] } };
    };
    const { assistant_view, ...assistantFeatures } = assistant.features;
    expect(assistantFeatures).toEqual(features);
    const { assistant_description, ...view } = assistant_view;
    expect({ agent_description: assistant_description, ...view }).toEqual(agent_view);
    expect(assistant.settings.event_subscriptions.bot_events).toEqual([
      ...settings.event_subscriptions.bot_events,
      "assistant_thread_started",
      "assistant_thread_context_changed",
    ]);
    const withoutEvents = (manifest: Record<string, unknown>) => {
      const copy = structuredClone(manifest) as { features?: unknown; settings: { event_subscriptions: object } };
      delete copy.features;
      copy.settings.event_subscriptions = {};
      return copy;
    };
    expect(withoutEvents(assistant)).toEqual(withoutEvents(MANIFEST));
  });

  it("keeps the Messages tab on (the assistant's threads live in the bot's DM) and Socket Mode on (slack run)", () => {
    expect(features.app_home.messages_tab_enabled).toBe(true);
    expect(settings.socket_mode_enabled).toBe(true);
  });

  it("offers at most four suggested prompts, none of which spends: each asks what to make or is only read", () => {
    const prompts = features.agent_view.suggested_prompts;
    // Slack shows up to four prompts (assistant.threads.setSuggestedPrompts documents the same limit).
    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts.length).toBeLessThanOrEqual(4);
    const answers = prompts.map(({ message }) => {
      // Slack sends a chip's message as the person's (decision 0025): "Make a video" is asked about, never made.
      const question = promptQuestionOf(message);
      if (question) return `asks: ${question.what}`;
      // The others are commands the bot reads as typed: a question ("Did you mean ...?") or a parse error would
      // greet people with a dead end, and a generation would spend on one click.
      const reading = readText(message, "mention");
      if (reading.kind !== "command" || !reading.result.ok) return `not a command: ${message}`;
      return reading.result.command.kind;
    });
    expect(answers).toEqual(["asks: image", "asks: video", "credits", "boards"]);
  });

  it("offers the same prompts as the bot sets on a new thread, so Slack's defaults and the bot's agree", () => {
    expect(features.agent_view.suggested_prompts).toEqual(SUGGESTED_PROMPTS);
    const assistantView = ASSISTANT_MANIFEST.features as { assistant_view: { suggested_prompts: unknown } };
    expect(assistantView.assistant_view.suggested_prompts).toEqual(SUGGESTED_PROMPTS);
  });
});

describe("manifest.json's /studio usage hint", () => {
  const [studio] = (MANIFEST.features as { slash_commands: { command: string; usage_hint: string }[] }).slash_commands;

  it("names every command word of the grammar, in the grammar's order", () => {
    expect(studio?.command).toBe("/studio");
    expect(studio?.usage_hint).toBe(`[${COMMAND_WORDS.join("|")}] ...`);
  });
});

describe("manifest.json's Workflow Builder steps", () => {
  type Parameter = { type: string; is_required?: boolean };
  const functions = MANIFEST.functions as Record<
    string,
    { input_parameters: Record<string, Parameter>; output_parameters: Record<string, Parameter> }
  >;

  it("declares exactly the steps the bot registers", () => {
    expect(Object.keys(functions).sort()).toEqual([...STEP_CALLBACK_IDS].sort());
  });

  it("lets Add to a board take an asset id or a Slack file (slack#/types/file_id), neither required, and output the asset", () => {
    // https://docs.slack.dev/reference/types/file_id-type: the value is the file's id. Which of the two is set is
    // checked when the step runs (flows/workflow-steps.ts): a manifest cannot say "exactly one of".
    const { input_parameters: inputs, output_parameters: outputs } = functions.add_to_board ?? {
      input_parameters: {},
      output_parameters: {},
    };
    expect(inputs.file).toMatchObject({ type: "slack#/types/file_id" });
    expect(inputs.asset_id).toMatchObject({ type: "string" });
    expect(inputs.file?.is_required).not.toBe(true);
    expect(inputs.asset_id?.is_required).not.toBe(true);
    expect(inputs.board?.is_required).toBe(true);
    expect(Object.keys(outputs).sort()).toEqual(["asset_id", "board_id", "card_id"]);
  });
});
