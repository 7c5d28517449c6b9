// Reading a custom step's `inputs` (the function_executed event's, https://docs.slack.dev/reference/events/function_executed/):
// values typed by the manifest's parameters, but sent by Workflow Builder, so each is checked here.

/** A text input, trimmed; undefined when empty or absent. */
export function textInput(inputs: Record<string, unknown>, name: string): string | undefined {
  const value = inputs[name];
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

/** An integer input (Workflow Builder may send it as text); undefined when absent, NaN when not a whole number. */
export function integerInput(inputs: Record<string, unknown>, name: string): number | undefined {
  const value = inputs[name];
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isInteger(number) ? number : Number.NaN;
}
