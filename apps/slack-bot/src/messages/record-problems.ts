import { StudioError, StudioNotFoundError, StudioPermissionError } from "@studio-kit/core";

// A refusal about one record, not about the bot's key (issue 42): the API has no record with an id the request sent
// (NOT_FOUND), or the record is another workspace's (FORBIDDEN with core's `error.record`: the key is pinned to one
// workspace, spec Authentication 4). Neither is helped by trying again, and neither is the installer's to fix, so the
// words name the record and what the person can do instead.

/** What a person calls the record, from the name the request sent its id under (core's `record.field`). */
function noun(field: string | undefined): string {
  const name = (field ?? "").toLowerCase();
  if (name.includes("image")) return "image";
  if (name.includes("video")) return "video";
  if (/audio|music|voice/.test(name)) return "audio";
  if (/conversation|board|session/.test(name)) return "board";
  if (name.includes("card")) return "card";
  if (name.includes("asset")) return "asset";
  return "record";
}

/**
 * The id as the person can read and copy it: ids are letters, digits and `_-.:`; anything else (a forged click's
 * markup, a control character) is not shown at all, so the words never carry what they could not escape.
 */
function shown(id: string | undefined): string | undefined {
  return id && id.length <= 80 && /^[\w.:-]+$/.test(id) ? `\`${id}\`` : undefined;
}

/** "an image", "a board". */
const withArticle = (what: string) => `${/^[aeiou]/.test(what) ? "an" : "a"} ${what}`;

/**
 * The explanation of a refusal about one record, or undefined for any other error. The text is mrkdwn-safe as it is
 * (the id is shown only when it needs no escaping), so callers may escape it again or not.
 */
export function explainRecordRefusal(error: unknown): string | undefined {
  if (!(error instanceof StudioError)) return undefined;
  const record = error.record;
  const what = noun(record?.field);
  const id = shown(record?.id);
  const which = id ? `${what} ${id}` : `${what} this needed`;
  if (error instanceof StudioNotFoundError) {
    return (
      `The studio API has no ${which} in this workspace: it was deleted, or the id is wrong. ` +
      `Trying again will not help; use ${withArticle(what)} that is in the workspace.`
    );
  }
  if (error instanceof StudioPermissionError && record) {
    return (
      `The studio API would not let the bot reach the ${which}: it belongs to another workspace, and the bot's key ` +
      `reaches only its own (the key itself is fine). Use ${withArticle(what)} from this workspace.`
    );
  }
  return undefined;
}
