// What the e2e scans of "everything the bot sent" walk: every string in a Web API call's arguments.

/** Every string anywhere in `value` (arguments are JSON; blocks may arrive as a JSON string). */
export function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    out.push(value);
    if (/^[[{]/.test(value)) {
      try {
        strings(JSON.parse(value), out);
      } catch {
        // not JSON: the string itself was kept
      }
    }
  } else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === "object") for (const item of Object.values(value)) strings(item, out);
  return out;
}
