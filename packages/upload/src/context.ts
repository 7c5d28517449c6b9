import { createRedactor, type Redactor, type StudioClient, type StudioTracer } from "@studio-kit/core";
import type { UploadCategory } from "@studio-kit/operations";
import type { ResolvedSettings, UploadDetails, UploadProgress } from "./options.js";
import type { SignedUpload } from "./signed.js";
import type { OpenedSource } from "./source.js";

/** What the rules decided about a file before anything was sent. */
export interface UploadPlan {
  category: UploadCategory;
  contentType: string;
  filename: string;
  size: number;
}

/** Everything one `uploadFile` call works with; `signed` is replaced when the upload is signed again. */
export interface UploadContext {
  client: StudioClient;
  plan: UploadPlan;
  details: Omit<UploadDetails, "onProgress" | "signal">;
  settings: ResolvedSettings;
  source: OpenedSource;
  signal: AbortSignal | undefined;
  /** A byte counter for one more pass over the file. */
  nextPass(): (count: number) => void;
  signed: SignedUpload | undefined;
  /** Creates the upload's spans (scope "@studio-kit/upload"): the client's provider, as `tracerFor` gives it. */
  tracer: StudioTracer;
  /** Transfers started so far; each after the first is a resend of the upload's bytes. */
  transfers: number;
  /** Removes every signature and policy issued to this upload so far, and signed-URL parameters anywhere. */
  redact: Redactor;
  /** Remembers the secrets of a new signed upload, so that `redact` masks them from now on. */
  keepSecret(values: readonly string[]): void;
  /** Logs a redacted line at `level`. */
  log(level: "debug" | "info" | "warn", fields: Record<string, unknown>, message: string): void;
}

/**
 * Counts bytes per pass and reports the most any pass has reached, so that
 * progress only grows: sending the bytes again (a new form, a refused register)
 * reports nothing until it passes what was already reported.
 */
export function progressMeter(total: number, onProgress: ((progress: UploadProgress) => void) | undefined) {
  let reported = 0;
  return () => {
    let sent = 0;
    return (count: number) => {
      sent += count;
      if (sent <= reported) return;
      reported = sent;
      onProgress?.({ loaded: sent, total });
    };
  };
}

/** The context of one upload. */
export function createContext(
  init: Omit<UploadContext, "signed" | "transfers" | "redact" | "keepSecret" | "log" | "nextPass"> & {
    onProgress: ((progress: UploadProgress) => void) | undefined;
  },
): UploadContext {
  const { onProgress, ...rest } = init;
  const secrets: string[] = [];
  let redactor = createRedactor(secrets);
  const redact: Redactor = (value) => redactor(value);
  return {
    ...rest,
    signed: undefined,
    transfers: 0,
    nextPass: progressMeter(init.plan.size, onProgress),
    redact,
    keepSecret(values) {
      secrets.push(...values);
      redactor = createRedactor(secrets);
    },
    log(level, fields, message) {
      init.settings.logger[level]?.(redact(fields), `@studio-kit/upload: ${message}`);
    },
  };
}
