// Label values of the bot's metrics. A label is a time series per value, and a scrape is read by people who must
// never see a user's text, a token or a URL: every value here comes from a closed list, or is code-like (a GraphQL
// operation name, a Slack method, a model id) and checked against a strict pattern, anything else becoming "other".

import type { JobKind, JobOutcome, JobState } from "../store/types.js";

// Every kind, checked by the compiler: a new JobKind without its label here does not build.
const KIND_SET = {
  image: true,
  video: true,
  audio: true,
  "image-edit": true,
  "video-format": true,
  "video-tool": true,
  avatar: true,
  lipsync: true,
} satisfies Record<JobKind, true>;
const KINDS = Object.keys(KIND_SET) as JobKind[];
const STATES: readonly JobState[] = ["new", "sending", "running", "delivered", "done"];
const OUTCOMES: readonly JobOutcome[] = [
  "completed",
  "failed",
  "not-sent",
  "lost",
  "error",
  "undelivered",
  "stopped",
  "stopped-not-sent",
];

/** The value used for anything that is not one of a label's known values. */
export const OTHER = "other";

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | typeof OTHER =>
  values.includes(value as T) ? (value as T) : OTHER;

/** A job kind, or "other". */
export const kindLabel = (kind: unknown) => oneOf(KINDS, kind);
/** A job state, or "other". */
export const stateLabel = (state: unknown) => oneOf(STATES, state);
/** A job outcome ("none" when a done job has none), or "other". */
export const outcomeLabel = (outcome: unknown) => (outcome === undefined ? "none" : oneOf(OUTCOMES, outcome));

// GraphQL names: a letter or _, then letters, digits and _ (the spec's Name), short. The bot's documents are code.
const OPERATION = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
// Slack Web API methods: `chat.postMessage`, `assistant.threads.setStatus`.
const SLACK_METHOD = /^[a-z]+(\.[a-zA-Z]+){1,3}$/;
// Catalog model ids are short slugs (`flux-pro-1.1`, `veo3:fast`); a user's `--model` is checked against the
// catalog before a job exists, and this keeps even a stored oddity out.
const MODEL = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** A GraphQL operation name, or "other". */
export const operationLabel = (name: unknown) =>
  typeof name === "string" && OPERATION.test(name) ? name : name === undefined ? "unnamed" : OTHER;
/** A Slack Web API method name, or "other". */
export const slackMethodLabel = (method: unknown) =>
  typeof method === "string" && SLACK_METHOD.test(method) ? method : OTHER;
/** A model id, "default" when the request named none, or "other". */
export const modelLabel = (model: unknown) =>
  model === undefined || model === null || model === ""
    ? "default"
    : typeof model === "string" && MODEL.test(model)
      ? model
      : OTHER;

// Preset ids are catalog slugs, checked against the catalog before a job exists; the pattern keeps a stored oddity out.
const PRESET = MODEL;

/** A job's first preset (the one that shapes it most), "none" without presets, or "other". */
export const presetLabel = (presets: readonly unknown[] | undefined) => {
  const [first] = presets ?? [];
  if (first === undefined) return "none";
  return typeof first === "string" && PRESET.test(first) ? first : OTHER;
};

/** A rating, or "other". */
export const ratingLabel = (rating: unknown) => oneOf(["good", "bad"], rating);
