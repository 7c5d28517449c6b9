import type { StudioRecordRef } from "./errors.js";

// Which record a NOT_FOUND or FORBIDDEN is about (issue 42). The spec documents no code but BAD_USER_INPUT and no
// error shape (spec, Errors, Gaps), so this reads only what GraphQL itself defines and what the request sent:
// - GraphQL puts a `path` on an error raised while resolving a field (GraphQL spec, Response: Errors, "path"). That is
//   where an id is looked up; a refusal of the key or the whole request (a read-only key's mutation, refused before
//   execution: packages/sandbox/src/graphql/server.ts) has none. The bot's key-mode.ts reads read-only the same way.
// - The record is an id the request sent (a variable or input field named `id`, `…Id` or `…Ids`) that the server's
//   words name; when they name none, the only such id there is. The workspace id is not a record: a workspace the
//   key is not pinned to is the key's reach (spec, Authentication 4), so an answer naming it is left as it was.

/** What classify reads off one GraphQL error. */
export interface RefusalLike {
  message?: string | undefined;
  path?: readonly (string | number)[] | undefined;
}

interface Candidate {
  id: string;
  field: string;
}

const WORKSPACE = "workspaceId";
const ID_FIELD = /^(id|.+Id|.+Ids)$/;

/**
 * Every id-like string the variables hold, with the name it was sent under, and the workspace ids apart. An `id`
 * inside an object is named by the object's field (`firstFrame: { id }` is `firstFrame`), which says more.
 */
function collect(value: unknown, field: string, parent: string, into: { ids: Candidate[]; workspaces: string[] }) {
  if (typeof value === "string") {
    if (field === WORKSPACE) into.workspaces.push(value);
    else if (ID_FIELD.test(field) && value !== "")
      into.ids.push({ id: value, field: field === "id" && parent ? parent : field });
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, field, parent, into);
    return;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) collect(item, key, field, into);
  }
}

/** Whether `text` has `id` as a whole word (not inside a longer id: `img_1` is not in `img_12`). */
function mentions(text: string, id: string): boolean {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9_-])${escaped}($|[^A-Za-z0-9_-])`).test(text);
}

/**
 * The record a refusal is about, or undefined when it is about the key or the request as a whole (no `path`, or the
 * server's words name the workspace). `id` is undefined when the request sent several ids and the words name none.
 */
export function refusedRecord(error: RefusalLike | undefined, variables: unknown): StudioRecordRef | undefined {
  if (!error?.path?.length) return undefined;
  const found = { ids: [] as Candidate[], workspaces: [] as string[] };
  collect(variables, "", "", found);
  const text = error.message ?? "";
  if (found.workspaces.some((workspace) => mentions(text, workspace))) return undefined;
  // The longest named id first: of `img_1` and `img_12`, a message naming `img_12` is about that one.
  const named = found.ids.filter((item) => mentions(text, item.id)).sort((a, b) => b.id.length - a.id.length)[0];
  const only = new Set(found.ids.map((item) => item.id)).size === 1 ? found.ids[0] : undefined;
  const record = named ?? only;
  return record ? { id: record.id, field: record.field } : { id: undefined, field: undefined };
}
