// PostgreSQL's jsonb refuses two things JSON.stringify writes and SQLite keeps: the NUL character (\u0000) and a
// lone UTF-16 surrogate (\ud800 without its pair). Both can arrive in a prompt anyone types, so they are replaced
// here rather than failing the job: NUL is dropped, a lone surrogate becomes U+FFFD (what a UTF-8 decoder shows).
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `value` as the JSON text of a jsonb parameter (always pass JSON as text: pg turns arrays into Postgres arrays). */
export function toJsonb(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "string" ? item.replace(LONE_SURROGATE, "\uFFFD") : item,
  );
  return text.replace(NUL_ESCAPE, "$1");
}
