// The bot's spans (decision 0023). One trace per Slack request: its root is the request (slack-requests.ts), and a
// request that starts a job holds the job's span, under which everything the job does nests:
//
//   slack command /studio                       the request (ops/tracing/slack-requests.ts)
//   ├─ studio.job.check                         access, options, credits, quotas (flows/precheck.ts)
//   │  └─ query CreditsBalance                  @studio-kit/core
//   └─ studio.job                               job id and kind (jobs/run.ts)
//      ├─ slack chat.postMessage                its progress (ops/tracing/slack-calls.ts)
//      ├─ mutation GenerateImage                @studio-kit/core, traceparent sent to the API
//      ├─ studio.poll.wait                      @studio-kit/poller (its progress updates nest under it)
//      ├─ studio.job.files → studio.job.file    the result's files into Slack (delivery/result-files.ts)
//      └─ studio.job.deliver                    the result message (jobs/run.ts)
//
// A job resumed after a restart (jobs/resume.ts) is a `studio.job` root span of a new trace that links to the first
// one, kept as the job's `trace`. Spans carry ids, kinds, methods and outcomes: never a prompt, a message's text, a
// URL's query, a signed URL or a token (test/e2e/tracing.test.ts scans every span for them).

import { type StudioClient, type StudioTracer, tracerFor } from "@studio-kit/core";

/** The bot's instrumentation scope. */
export const BOT_SCOPE = "@studio-kit/slack-bot";

/** The names of the bot's own spans (Slack's calls and requests are named by their method and type). */
export const SPANS = {
  job: "studio.job",
  check: "studio.job.check",
  files: "studio.job.files",
  file: "studio.job.file",
  deliver: "studio.job.deliver",
} as const;

const fallbacks = new WeakMap<object, StudioTracer>();

/**
 * The bot's tracer: the one `createBotApp` made (`deps.tracer`), else one over the studio client's provider (deps a
 * test built by hand). Without a registered provider its spans record nothing and cost next to nothing.
 */
export function tracerOf(holder: { tracer?: StudioTracer; studio: Pick<StudioClient, "tracer"> }): StudioTracer {
  if (holder.tracer) return holder.tracer;
  let tracer = fallbacks.get(holder.studio);
  if (!tracer) {
    tracer = tracerFor(holder.studio, BOT_SCOPE);
    fallbacks.set(holder.studio, tracer);
  }
  return tracer;
}
