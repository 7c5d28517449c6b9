// Links and Work Objects: shareLink's link_shared, chat.unfurl with unfurls and metadata.entities, and
// openEntityDetails' entity_details_requested answered with entity.presentDetails, with the documented refusals.
import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./support/bolt.js";
import { errorCodeOf } from "./support/web-api-errors.js";

let sim: SlackSim;
let client: webApi.WebClient;
let sent: Record<string, unknown>[];

const BOARD = "https://studio.example/boards/b1";
const entity = (overrides: Record<string, unknown> = {}) => ({
  app_unfurl_url: BOARD,
  url: BOARD,
  external_ref: { id: "b1", type: "board" },
  entity_type: "slack#/entities/content_item",
  entity_payload: { attributes: { title: { text: "Spring" } } },
  ...overrides,
});

beforeEach(async () => {
  sent = [];
  sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: "http://127.0.0.1:9/events",
    unfurlDomains: ["studio.example"],
    // The app: every event is acked, and kept to read.
    fetch: async (_input, init) => {
      // Events are JSON; an interaction (a flexpane action's click) is a form with its `payload`.
      const body = String(init?.body);
      sent.push(body.startsWith("{") ? (JSON.parse(body) as Record<string, unknown>) : { form: body });
      return new Response("", { status: 200 });
    },
  });
  await sim.start();
  client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
});
afterEach(() => sim.close());

describe("shareLink", () => {
  it("posts the message and sends link_shared with the documented payload, for the app's domains only", async () => {
    const share = await sim.shareLink({
      user: "U0ALICE",
      channel: "C0GENERAL",
      url: [BOARD, "https://elsewhere.example/x", "https://www.studio.example/assets/a1"],
    });
    expect(share.delivered).toBe(true);
    const event = (sent[0] as { event: Record<string, unknown> }).event;
    expect(event).toMatchObject({
      type: "link_shared",
      channel: "C0GENERAL",
      user: "U0ALICE",
      message_ts: share.ts,
      unfurl_id: share.unfurlId,
      source: "conversations_history",
      is_bot_user_member: true,
      links: [
        { url: BOARD, domain: "studio.example" },
        { url: "https://www.studio.example/assets/a1", domain: "studio.example" },
      ],
    });
    const [message] = sim.conversation("C0GENERAL");
    expect(message?.text).toContain(`<${BOARD}>`);
  });

  it("sends nothing when no link is on the app's domains", async () => {
    const share = await sim.shareLink({ user: "U0ALICE", channel: "C0GENERAL", url: "https://elsewhere.example/x" });
    expect(share.delivered).toBe(false);
    expect(sent).toHaveLength(0);
  });
});

describe("chat.unfurl", () => {
  it("attaches unfurls and Work Objects to the links, by channel and ts or by unfurl_id and source", async () => {
    const share = await sim.shareLink({ user: "U0ALICE", channel: "C0GENERAL", url: BOARD });
    await client.chat.unfurl({ channel: "C0GENERAL", ts: share.ts, unfurls: { [BOARD]: { text: "Spring" } } });
    await client.chat.unfurl({
      unfurl_id: share.unfurlId,
      source: "conversations_history",
      metadata: { entities: [entity()] },
    } as never);
    const unfurl = sim.conversation("C0GENERAL")[0]?.unfurls?.[BOARD];
    expect(unfurl?.unfurl).toEqual({ text: "Spring" });
    expect(unfurl?.entity?.external_ref).toEqual({ id: "b1", type: "board" });
  });

  it("refuses what the method page refuses", async () => {
    const share = await sim.shareLink({ user: "U0ALICE", channel: "C0GENERAL", url: BOARD });
    const unfurls = { [BOARD]: { text: "x" } };
    expect(await errorCodeOf(client.chat.unfurl({ channel: "C0GENERAL", ts: share.ts } as never))).toBe(
      "invalid_arguments",
    );
    expect(await errorCodeOf(client.chat.unfurl({ channel: "C0NOPE", ts: share.ts, unfurls }))).toBe(
      "cannot_find_channel",
    );
    expect(await errorCodeOf(client.chat.unfurl({ channel: "C0GENERAL", ts: "1.000001", unfurls }))).toBe(
      "cannot_find_message",
    );
    expect(
      await errorCodeOf(
        client.chat.unfurl({ channel: "C0GENERAL", ts: share.ts, unfurls: { "https://x.example": {} } }),
      ),
    ).toBe("cannot_unfurl_message");
    expect(
      await errorCodeOf(client.chat.unfurl({ unfurl_id: "nope", source: "conversations_history", unfurls } as never)),
    ).toBe("invalid_unfurl_id");
    expect(
      await errorCodeOf(
        client.chat.unfurl({ channel: "C0GENERAL", ts: share.ts, unfurls: { [BOARD]: "text" } } as never),
      ),
    ).toBe("invalid_unfurls_format");
  });

  it("drops an entity that misses a required field, answering ok with Slack's warning and the reasons", async () => {
    const share = await sim.shareLink({ user: "U0ALICE", channel: "C0GENERAL", url: BOARD });
    const answer = await client.chat.unfurl({
      channel: "C0GENERAL",
      ts: share.ts,
      metadata: { entities: [entity({ entity_payload: { attributes: { title: { text: "" } } } })] },
    } as never);
    expect(answer).toMatchObject({ ok: true, warning: "invalid_metadata_format" });
    expect(JSON.stringify(answer.response_metadata)).toContain(
      "missing required field: text (pointer: /metadata/entities/0/entity_payload/attributes/title)",
    );
    expect(sim.conversation("C0GENERAL")[0]?.unfurls?.[BOARD]?.entity).toBeUndefined();
  });

  it("shows a preview from a Slack file of the workspace, and drops one naming no such file or two sources", async () => {
    const bytes = new TextEncoder().encode("a png");
    const ticket = await client.files.getUploadURLExternal({ filename: "fox.png", length: bytes.byteLength });
    await fetch(ticket.upload_url ?? "", { method: "POST", body: bytes });
    await client.files.completeUploadExternal({ files: [{ id: ticket.file_id ?? "" }] });
    const previewed = (preview: Record<string, unknown>) =>
      entity({
        entity_payload: {
          attributes: { title: { text: "Spring" } },
          fields: { preview: { type: "slack#/types/image", alt_text: "Fox", ...preview } },
        },
      });
    const share = await sim.shareLink({ user: "U0ALICE", channel: "C0GENERAL", url: BOARD });
    const unfurl = (preview: Record<string, unknown>) =>
      client.chat.unfurl({ channel: "C0GENERAL", ts: share.ts, metadata: { entities: [previewed(preview)] } } as never);

    expect(await unfurl({ slack_file: { id: "F0NOPE" } })).toMatchObject({ warning: "invalid_metadata_format" });
    expect(
      await unfurl({ slack_file: { id: ticket.file_id }, image_url: "https://studio.example/fox.png" }),
    ).toMatchObject({ warning: "invalid_metadata_format" });
    expect(sim.conversation("C0GENERAL")[0]?.unfurls?.[BOARD]?.entity).toBeUndefined();
    expect(await unfurl({ slack_file: { id: ticket.file_id } })).toEqual(
      expect.not.objectContaining({ warning: expect.anything() }),
    );
    const shown = sim.conversation("C0GENERAL")[0]?.unfurls?.[BOARD]?.entity;
    expect(shown?.entity_payload.fields).toEqual({
      preview: { type: "slack#/types/image", alt_text: "Fox", slack_file: { id: ticket.file_id } },
    });
  });
});

describe("openEntityDetails and entity.presentDetails", () => {
  async function opened() {
    const share = await sim.shareLink({ user: "U0ALICE", channel: "C0GENERAL", url: BOARD });
    await client.chat.unfurl({ channel: "C0GENERAL", ts: share.ts, metadata: { entities: [entity()] } } as never);
    return sim.openEntityDetails({ user: "U0BOB", channel: "C0GENERAL", messageTs: share.ts, url: BOARD });
  }

  it("sends entity_details_requested with the documented payload and records the app's answer", async () => {
    const { triggerId } = await opened();
    const event = (sent.at(-1) as { event: Record<string, unknown> }).event;
    expect(event).toMatchObject({
      type: "entity_details_requested",
      user: "U0BOB",
      external_ref: { id: "b1", type: "board" },
      entity_url: BOARD,
      app_unfurl_url: BOARD,
      trigger_id: triggerId,
      channel: "C0GENERAL",
      user_locale: "en-US",
    });
    const { app_unfurl_url: _, ...metadata } = entity();
    await client.entity.presentDetails({ trigger_id: triggerId, metadata } as never);
    expect(sim.entityDetails(triggerId)).toEqual([
      expect.objectContaining({ user: "U0BOB", metadata, userAuthRequired: false }),
    ]);
  });

  it("refuses an unknown trigger, another entity, bad metadata and an undocumented error status", async () => {
    const { triggerId } = await opened();
    const { app_unfurl_url: _, ...metadata } = entity();
    expect(await errorCodeOf(client.entity.presentDetails({ trigger_id: "1.2.3", metadata } as never))).toBe(
      "invalid_trigger_id",
    );
    const other = { ...metadata, external_ref: { id: "b2", type: "board" } };
    expect(await errorCodeOf(client.entity.presentDetails({ trigger_id: triggerId, metadata: other } as never))).toBe(
      "entity_metadata_does_not_match_trigger",
    );
    const untitled = { ...metadata, entity_payload: { attributes: {} } };
    expect(
      await errorCodeOf(client.entity.presentDetails({ trigger_id: triggerId, metadata: untitled } as never)),
    ).toBe("invalid_metadata");
    expect(
      await errorCodeOf(client.entity.presentDetails({ trigger_id: triggerId, error: { status: "nope" } } as never)),
    ).toBe("invalid_arguments");
    await client.entity.presentDetails({ trigger_id: triggerId, error: { status: "restricted" } } as never);
    expect(sim.entityDetails(triggerId)).toEqual([expect.objectContaining({ error: { status: "restricted" } })]);
  });

  it("answers the flexpane again on the trigger of a click on one of its actions", async () => {
    const { triggerId } = await opened();
    const { app_unfurl_url: _, ...metadata } = entity();
    const withAction = {
      ...metadata,
      entity_payload: {
        ...metadata.entity_payload,
        actions: { primary_actions: [{ text: "Add", action_id: "add", value: "b1" }] },
      },
    };
    await client.entity.presentDetails({ trigger_id: triggerId, metadata: withAction } as never);
    const click = await sim.clickEntityAction({ user: "U0BOB", triggerId, actionId: "add" });
    const form = new URLSearchParams(String(sent.at(-1)?.form));
    expect(JSON.parse(form.get("payload") ?? "{}")).toMatchObject({
      type: "block_actions",
      trigger_id: click.triggerId,
    });

    const other = { ...withAction, external_ref: { id: "b2", type: "board" } };
    expect(
      await errorCodeOf(client.entity.presentDetails({ trigger_id: click.triggerId, metadata: other } as never)),
    ).toBe("entity_metadata_does_not_match_trigger");
    const renamed = {
      ...withAction,
      entity_payload: { ...withAction.entity_payload, attributes: { title: { text: "Spring, 4 cards" } } },
    };
    await client.entity.presentDetails({ trigger_id: click.triggerId, metadata: renamed } as never);
    const answers = sim.entityDetails(triggerId);
    expect(answers).toHaveLength(2);
    expect(answers.at(-1)?.metadata?.entity_payload.attributes.title.text).toBe("Spring, 4 cards");
  });

  it("throws when the link has no Work Object to click", async () => {
    const share = await sim.shareLink({ user: "U0ALICE", channel: "C0GENERAL", url: BOARD });
    await expect(
      sim.openEntityDetails({ user: "U0BOB", channel: "C0GENERAL", messageTs: share.ts, url: BOARD }),
    ).rejects.toMatchObject({ code: "message_not_found" });
  });
});
