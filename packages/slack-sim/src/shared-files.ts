import { SlackSimError } from "./errors.js";
import { kindOf } from "./mime.js";
import { SIM_WORKSPACE, type SimState } from "./state.js";
import type { SharedFileInput, SimFile } from "./types.js";

// Files people share with a message. Slack keeps them on its file host and puts a file object in the event;
// the bot fetches the bytes from `url_private_download` with its token (https://api.slack.com/types/file,
// "Authentication"). The sim keeps the bytes and serves those URLs itself (downloads.ts).

/** Where the sim serves a file's bytes: `/files-pri/<team>-<file id>/[download/]<name>`, as Slack's file host does. */
export function fileUrls(baseUrl: string, file: Pick<SimFile, "id" | "name">): { view: string; download: string } {
  const root = `${baseUrl}/files-pri/${SIM_WORKSPACE.teamId}-${file.id}`;
  const name = encodeURIComponent(file.name);
  return { view: `${root}/${name}`, download: `${root}/download/${name}` };
}

/** Reads a `files-pri` path back: the file id and whether it asked for the download (attachment) form. */
export function parseFileUrl(segments: string[]): { fileId: string; download: boolean } | undefined {
  const [owner, ...rest] = segments;
  const prefix = `${SIM_WORKSPACE.teamId}-`;
  if (!owner?.startsWith(prefix)) return undefined;
  const download = rest.length === 2 && rest[0] === "download";
  if (rest.length !== 1 && !download) return undefined;
  return { fileId: owner.slice(prefix.length), download };
}

/** Stores the files a person shares, as Slack would on upload: an `F...` id each, the type from the name. */
export function shareFiles(state: SimState, user: string, inputs: readonly SharedFileInput[]): SimFile[] {
  return inputs.map((input) => {
    if (!input || typeof input.name !== "string" || !input.name || !(input.bytes instanceof Uint8Array)) {
      throw new SlackSimError("invalid_options", "each file needs a name and its bytes (a Uint8Array)");
    }
    const file: SimFile = {
      id: state.nextId("F0"),
      name: input.name,
      title: input.title ?? input.name,
      mimetype: input.mimetype ?? kindOf(input.name).mimetype,
      size: input.bytes.byteLength,
      bytes: input.bytes,
      user,
      created: Math.floor(state.now() / 1000),
    };
    state.files.set(file.id, file);
    return file;
  });
}

/**
 * Slack's file object as events carry it. Fields and their meaning follow Slack's file type reference
 * (https://api.slack.com/types/file) and the `files` of `AppMentionEvent` / `FileShareMessageEvent` in @slack/types
 * 3.2 (events/app.d.ts, events/message.d.ts). Not emulated: thumbnails (`thumb_*`, `original_w/h`: the sim does
 * not decode images) and `file_access: "check_file_info"` (Slack Connect files whose details need files.info).
 */
export function fileObject(file: SimFile, baseUrl: string, channel: string): Record<string, unknown> {
  const kind = kindOf(file.name);
  const urls = fileUrls(baseUrl, file);
  const user = file.user ?? SIM_WORKSPACE.botUserId;
  const created = file.created ?? 0;
  return {
    id: file.id,
    created,
    timestamp: created,
    name: file.name,
    title: file.title,
    mimetype: file.mimetype,
    filetype: kind.filetype,
    pretty_type: kind.prettyType,
    user,
    user_team: SIM_WORKSPACE.teamId,
    editable: false,
    size: file.size,
    mode: "hosted",
    is_external: false,
    external_type: "",
    // Files shared in a channel are public to the workspace; in a direct message they are not.
    is_public: !channel.startsWith("D"),
    public_url_shared: false,
    display_as_bot: false,
    username: "",
    url_private: urls.view,
    url_private_download: urls.download,
    media_display_type: "unknown",
    permalink: `https://${SIM_WORKSPACE.teamDomain}.slack.com/files/${user}/${file.id}/${encodeURIComponent(file.name)}`,
    permalink_public: `https://slack-files.com/${SIM_WORKSPACE.teamId}-${file.id}-0000000000`,
    is_starred: false,
    has_rich_preview: false,
    file_access: "visible",
  };
}
