// The "Ask Slackbot" pane's pieces as plain nodes (tests call them without a DOM): a tool's arguments as form fields,
// drawn from its JSON Schema (text, a number, a checkbox, a list as comma-separated text, a choice for an enum, and
// JSON for an object or a list of objects, such as add_to_board's assets), and what a call came to. Values are text
// nodes: a tool's answer is never parsed as markup.

import type { SlackbotCallAnswer, SlackbotToolView } from "../../src/shared/slackbot.js";
import { h, type VNode } from "../dom/vnode.js";

export const argumentId = (name: string) => `slackbot-arg-${name}`;
const hintId = (name: string) => `slackbot-hint-${name}`;

/** A property of a tool's input schema, as far as the form reads it. */
export interface SchemaProperty {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  items?: SchemaProperty;
  properties?: Record<string, SchemaProperty>;
  required?: string[];
}

/** The one type a property takes (a nullable `["string", "null"]` reads as `string`). */
export function typeOf(property: SchemaProperty): string {
  const types = Array.isArray(property.type) ? property.type.filter((type) => type !== "null") : [property.type];
  return types[0] ?? "string";
}

/**
 * Whether a property is typed in as JSON: an object, or a list of objects. Comma-separated text can only make a list
 * of strings, and add_to_board's `assets` ({ assetType, assetId } each) then failed the tool's own schema whatever
 * a person typed.
 */
export function takesJson(property: SchemaProperty): boolean {
  const type = typeOf(property);
  return type === "object" || (type === "array" && property.items !== undefined && typeOf(property.items) === "object");
}

/** A value of the property's shape, for the field's placeholder: its required keys (all when none are). */
export function exampleOf(property: SchemaProperty): unknown {
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
  switch (typeOf(property)) {
    case "object": {
      const properties = property.properties ?? {};
      const keys = property.required?.length ? property.required : Object.keys(properties);
      return Object.fromEntries(keys.map((key) => [key, exampleOf(properties[key] ?? {})]));
    }
    case "array":
      return [exampleOf(property.items ?? {})];
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    default:
      return "…";
  }
}

/** The text of a JSON field as the argument, or what is wrong with it (in words, with the shape to type). */
export function readJsonArgument(
  name: string,
  property: SchemaProperty,
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const shape = JSON.stringify(exampleOf(property));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: `${name} takes JSON, such as ${shape}.` };
  }
  const list = typeOf(property) === "array";
  const fits = list ? Array.isArray(value) : typeof value === "object" && value !== null && !Array.isArray(value);
  if (!fits) return { ok: false, error: `${name} takes ${list ? "a JSON list" : "a JSON object"}, such as ${shape}.` };
  return { ok: true, value };
}

/** One argument's label, control and hint. */
export function renderArgument(name: string, property: SchemaProperty, required: boolean): VNode {
  const type = typeOf(property);
  const common = {
    id: argumentId(name),
    name,
    "data-argument": name,
    "data-type": type,
    "aria-required": required ? "true" : undefined,
    "aria-describedby": property.description || takesJson(property) ? hintId(name) : undefined,
  };
  let control: VNode;
  if (Array.isArray(property.enum)) {
    control = h("select", { ...common, class: "select" }, [
      required ? null : h("option", { value: "" }, "(default)"),
      ...property.enum.map((value) => h("option", { value: String(value) }, String(value))),
    ]);
  } else if (type === "boolean") {
    control = h("input", { ...common, type: "checkbox", class: "slackbot-check" });
  } else if (type === "number" || type === "integer") {
    control = h("input", {
      ...common,
      type: "number",
      class: "input slackbot-number",
      step: type === "integer" ? 1 : "any",
    });
  } else if (takesJson(property)) {
    control = h("textarea", {
      ...common,
      "data-type": "json",
      class: "input slackbot-json",
      rows: 3,
      spellcheck: "false",
      placeholder: JSON.stringify(exampleOf(property)),
    });
  } else if (name === "prompt" || name === "text" || name === "script") {
    control = h("textarea", { ...common, class: "input", rows: 2 });
  } else {
    control = h("input", {
      ...common,
      type: "text",
      class: "input",
      ...(type === "array" ? { placeholder: "a, b" } : {}),
    });
  }
  const label = h("label", { class: "input-label", for: argumentId(name) }, [
    name,
    required ? h("span", { class: "slackbot-required", "aria-hidden": "true" }, " *") : null,
  ]);
  const said = takesJson(property) ? `${property.description ? `${property.description}. ` : ""}As JSON.` : undefined;
  const hintText = said ?? property.description;
  const hint = hintText ? h("p", { class: "input-hint", id: hintId(name) }, hintText) : null;
  return h("div", { class: `slackbot-field${type === "boolean" ? " slackbot-field-check" : ""}` }, [
    label,
    control,
    hint,
  ]);
}

/** A tool's fields, required ones first, in the schema's order otherwise. */
export function renderArguments(tool: SlackbotToolView): VNode[] {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, SchemaProperty>;
  const required = new Set(tool.inputSchema.required ?? []);
  const names = Object.keys(properties).sort((a, b) => Number(required.has(b)) - Number(required.has(a)));
  return names.map((name) => renderArgument(name, properties[name] as SchemaProperty, required.has(name)));
}

/** What a call came to: the tool's text and structured content, a tool error, or the endpoint's HTTP refusal. */
export function renderAnswer(tool: string, answer: SlackbotCallAnswer | "running"): VNode {
  if (answer === "running") {
    return h("div", { class: "slackbot-answer", "data-testid": "slackbot-answer", "data-state": "running" }, [
      h("p", { class: "slackbot-answer-head" }, `Calling ${tool}…`),
    ]);
  }
  if (!answer.ok) {
    return h("div", { class: "slackbot-answer is-error", "data-testid": "slackbot-answer", "data-state": "refused" }, [
      h("p", { class: "slackbot-answer-head" }, `The endpoint refused the request (HTTP ${answer.status})`),
      h("p", { class: "slackbot-answer-text" }, answer.error),
    ]);
  }
  const state = answer.isError ? "tool-error" : "done";
  const code = (answer.structured?.error as { code?: unknown } | undefined)?.code;
  const head = answer.isError ? `${tool} refused${typeof code === "string" ? ` (${code})` : ""}` : `${tool} answered`;
  return h(
    "div",
    {
      class: `slackbot-answer${answer.isError ? " is-error" : ""}`,
      "data-testid": "slackbot-answer",
      "data-state": state,
    },
    [
      h("p", { class: "slackbot-answer-head" }, head),
      h("p", { class: "slackbot-answer-text", "data-testid": "slackbot-answer-text" }, answer.text || "(no text)"),
      answer.progress.length
        ? h(
            "ol",
            { class: "slackbot-progress", "aria-label": "Progress notifications" },
            answer.progress.map((step) =>
              h(
                "li",
                {},
                `${step.progress}${step.total ? `/${step.total}` : ""}${step.message ? ` ${step.message}` : ""}`,
              ),
            ),
          )
        : null,
      answer.structured
        ? h("details", { class: "slackbot-structured" }, [
            h("summary", {}, "structuredContent"),
            h("pre", {}, JSON.stringify(answer.structured, null, 2)),
          ])
        : null,
    ],
  );
}
