import type { RouteContext } from "../context.js";
import { json } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { readUploadForm } from "../multipart.js";
import { mentionsBot, withMentionTags } from "../outgoing.js";
import { requireMessageAck, simAction } from "../sim-errors.js";
import { checkedWho } from "./state.js";

/**
 * POST /api/upload (multipart: `user`, `channel`, `text`?, `threadTs`?, `file` parts): the files are shared the way
 * Slack shares them. In a DM with the bot: a `message` with `file_share`. In a channel: a mention carrying the
 * files when the text mentions the bot, else a plain message with them (the bot only hears the first).
 */
export function register(router: Router, context: RouteContext): void {
  router.add("POST", "/api/upload", async (request) => {
    const { fields, files } = await readUploadForm(request);
    const { user, channel } = checkedWho(context, fields);
    const text = fields.text ?? "";
    const threadTs = fields.threadTs || undefined;
    const shared = await Promise.all(
      files.map(async (file) => ({
        name: file.name || "upload",
        // The browser's type (it knows the file); the sim falls back to the name's extension, as Slack's would.
        ...(file.type ? { mimetype: file.type } : {}),
        bytes: new Uint8Array(await file.arrayBuffer()),
      })),
    );
    const { sim } = context;
    const input = { user, channel, files: shared, ...(threadTs ? { threadTs } : {}) };
    const isDm = channel === sim.dm(user) || channel.startsWith("D");
    await simAction(async () => {
      if (!isDm && mentionsBot(text)) requireMessageAck(await sim.mention({ ...input, text: withMentionTags(text) }));
      else requireMessageAck(await sim.message({ ...input, text }));
    });
    return json({ ok: true });
  });
}
