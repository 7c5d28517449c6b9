import { validateMessage } from "@studio-kit/slack-sim";
import { expect } from "vitest";
import type { SlackMessage } from "../../src/index.js";

/** Asserts that Slack would accept the message, showing the validator's problems when not. */
export function expectValidMessage(message: SlackMessage): void {
  const result = validateMessage(message.blocks as Parameters<typeof validateMessage>[0], message.text);
  expect(result, JSON.stringify(result)).toEqual({ ok: true });
  expect(message.text.length).toBeGreaterThan(0);
  expect(message.text.length).toBeLessThanOrEqual(3000);
}

/** Every string anywhere in a message, for "never says X" checks. */
export function allText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(allText).join("\n");
  if (value && typeof value === "object") return Object.values(value).map(allText).join("\n");
  return "";
}
