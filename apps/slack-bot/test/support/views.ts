// Block Kit rules for modals that slack-sim's validateView does not check (it checks block counts and lengths of
// messages' elements), from Slack's Block Kit reference: a select's initial option must be one of its options,
// option text 75 and value 150, placeholders 150, labels 2,000, a plain_text_input's initial value within its
// max_length (at most 3,000), `private_metadata` 3,000, title, submit and close 24. Slack refuses the whole view
// (`invalid_arguments`) when one of them is broken, so the modal would never open.

type Json = Record<string, unknown>;
type Option = { text?: { text?: string }; value?: string; description?: { text?: string } };

const text = (value: unknown) => ((value as { text?: string } | undefined)?.text ?? "").length;
const same = (a: Option, b: Option) => a.value === b.value && a.text?.text === b.text?.text;

/** Every rule above that `view` breaks, in words; [] when it keeps them all. */
export function viewProblems(view: Json): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  for (const key of ["title", "submit", "close"]) check(text(view[key]) <= 24, `${key} is longer than 24`);
  check(String(view.private_metadata ?? "").length <= 3000, "private_metadata is longer than 3000");
  const blocks = (view.blocks as Json[] | undefined) ?? [];
  check(blocks.length <= 100, "more than 100 blocks");
  for (const [index, block] of blocks.entries()) {
    if (block.type !== "input") continue;
    const where = `blocks[${index}] (${String(block.block_id)})`;
    check(text(block.label) >= 1 && text(block.label) <= 2000, `${where}: label`);
    const element = block.element as Json;
    check(typeof element.action_id === "string", `${where}: no action_id`);
    check(text(element.placeholder) <= 150, `${where}: placeholder longer than 150`);
    const options = (element.options as Option[] | undefined) ?? [];
    if (element.type === "plain_text_input") {
      const max = Number(element.max_length ?? 3000);
      check(max >= 1 && max <= 3000, `${where}: max_length`);
      check(String(element.initial_value ?? "").length <= max, `${where}: initial_value longer than max_length`);
      continue;
    }
    const limit = element.type === "radio_buttons" || element.type === "checkboxes" ? 10 : 100;
    check(options.length >= 1 && options.length <= limit, `${where}: ${options.length} options`);
    const values = options.map((option) => option.value ?? "");
    check(new Set(values).size === values.length, `${where}: repeated option values`);
    for (const option of options) {
      check(text(option.text) >= 1 && text(option.text) <= 75, `${where}: option text "${option.text?.text}"`);
      check((option.value ?? "").length >= 1 && (option.value ?? "").length <= 150, `${where}: option value`);
      check(text(option.description) <= 75, `${where}: option description longer than 75`);
    }
    const initial = element.initial_option as Option | undefined;
    if (initial)
      check(
        options.some((option) => same(option, initial)),
        `${where}: initial_option not an option`,
      );
    for (const chosen of (element.initial_options as Option[] | undefined) ?? []) {
      check(
        options.some((option) => same(option, chosen)),
        `${where}: initial_options has ${chosen.value}`,
      );
    }
  }
  return problems;
}
