import { fileObject } from "../shared-files.js";
import type { SimState } from "../state.js";
import { type ApiResult, type Args, fail, missing, str } from "./args.js";

// files.info (https://docs.slack.dev/reference/methods/files.info): `file` (its id) is required; the answer is
// `{ ok, file, comments, response_metadata }`, the file object with the fields of Slack's file type
// (https://docs.slack.dev/reference/objects/file-object). Errors: `file_not_found` ("The file does not exist, or is
// not visible to the calling user"), `file_deleted`, and a missing `file` is `invalid_arguments` naming it. Tier 4
// (rate-limits.ts). Not emulated: comments (Slack retired file comments in 2018, the list stays empty), paging
// arguments (`count`, `cursor`, `limit`, `page` are ignored), `shares`, `access_denied` (Slack Connect files) and
// visibility: any file in the workspace is visible to the app's tokens.

/** The conversations a file was shared in, as files.info lists them: public channels, private ones, DMs. */
function sharedIn(state: SimState, fileId: string): { channels: string[]; groups: string[]; ims: string[] } {
  const where = [
    ...new Set(
      state.messages.filter((m) => !m.ephemeral && m.files.some((f) => f.id === fileId)).map((m) => m.channel),
    ),
  ];
  return {
    channels: where.filter((id) => id.startsWith("C")),
    groups: where.filter((id) => id.startsWith("G")),
    ims: where.filter((id) => id.startsWith("D")),
  };
}

/** `files.info`: the file object of a file a person shared or the app uploaded. */
export function filesInfo(state: SimState, args: Args, baseUrl: string): ApiResult {
  const id = str(args.file);
  if (!id) return missing("file");
  if (state.deletedFiles.has(id)) return fail("file_deleted");
  const file = state.files.get(id);
  if (!file) return fail("file_not_found");
  const shares = sharedIn(state, id);
  // The event form's `is_public` is decided by the one conversation it arrived in; here, by all of them.
  const object = { ...fileObject(file, baseUrl, shares.channels[0] ?? "D"), is_public: shares.channels.length > 0 };
  return {
    ok: true,
    file: { ...object, ...shares },
    comments: [],
    response_metadata: { next_cursor: "" },
  };
}
