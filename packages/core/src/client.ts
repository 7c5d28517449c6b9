import {
  ApiCredentialWorkspaceDocument,
  type ApiCredentialWorkspaceQuery,
  type OperationArgs,
  type TypedDocumentNode,
} from "@studio-kit/operations";
import { GraphQLClient } from "graphql-request";
import { callerAbortError, classify, endpointNotFound } from "./classify.js";
import { type StudioError, StudioGraphQLError } from "./errors.js";
import { describeOperation, type OperationInfo } from "./operation.js";
import { resolveOptions, type StudioClientOptions } from "./options.js";
import { createRedactor } from "./redact.js";
import { isRetryable, retryDelay } from "./retry.js";
import { endpointParts, operationAttributes, operationSpanName } from "./tracing/graphql-span.js";
import { createStudioTracer } from "./tracing/tracer.js";
import type { StudioSpan, StudioTracer } from "./tracing/types.js";
import { whenAborted } from "./when-aborted.js";

/** Per-request options. */
export interface RequestOptions {
  /**
   * Aborts the request, and any retry of it, at once: a StudioAbortError (ABORTED), or a StudioTimeoutError
   * (TIMEOUT) when the signal timed out (`AbortSignal.timeout(ms)`); the signal's reason is the error's `cause`.
   */
  signal?: AbortSignal;
}

/** The workspace an API key is pinned to: its id and name. */
export type Workspace = NonNullable<ApiCredentialWorkspaceQuery["apiCredentialWorkspace"]>;

/** The typed client `createStudioClient` returns. */
export interface StudioClient {
  /**
   * Sends a typed document and resolves with its typed result, or rejects with a
   * StudioError. Variables are required exactly when the document requires them.
   *
   * @example
   * ```ts
   * const { creditsBalance } = await client.request(CreditsBalanceDocument, { workspaceId: await client.workspaceId() });
   * ```
   */
  request<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    ...args: OperationArgs<TVariables, RequestOptions>
  ): Promise<TResult>;
  /** The workspace the API key is pinned to (asked once, then remembered). */
  workspace(options?: RequestOptions): Promise<Workspace>;
  /** The id every workspace-scoped operation takes: the key's own, never one from elsewhere. */
  workspaceId(options?: RequestOptions): Promise<string>;
  /** `${baseUrl}/graphql`. */
  readonly endpoint: string;
  /**
   * The tracer of an instrumentation scope, over the provider this client was created with (`tracerProvider`):
   * what `tracerFor(client, scope)` returns, and how upload and poller spans reach the same provider. Optional so
   * that a wrapper or a fake may leave it out; `tracerFor` then uses the global provider.
   */
  readonly tracer?: (scope: string) => StudioTracer;
}

/** The instrumentation scope of the client's own spans. */
const SCOPE = "@studio-kit/core";

/**
 * Creates the typed client. Options are checked at once (a StudioConfigError
 * names the problem); nothing is sent until the first request.
 *
 * @example
 * ```ts
 * const client = createStudioClient({ apiKey: process.env.STUDIO_API_KEY ?? "", baseUrl: "https://api.example.com" });
 * const workspaceId = await client.workspaceId();
 * ```
 */
export function createStudioClient(options: StudioClientOptions): StudioClient {
  const config = resolveOptions(options);
  const redact = createRedactor([config.apiKey]);
  const headers = { authorization: `Bearer ${config.apiKey}` };
  const graphql = new GraphQLClient(config.endpoint, { fetch: config.fetch, headers });
  const tracers = new Map<string, StudioTracer>();
  const tracer = (scope: string): StudioTracer => {
    let found = tracers.get(scope);
    if (!found) {
      found = createStudioTracer(config.tracerProvider, scope);
      tracers.set(scope, found);
    }
    return found;
  };
  const ownTracer = tracer(SCOPE);
  const endpoint = endpointParts(config.endpoint);

  /**
   * The GraphQL client for one attempt. A recorded span needs the HTTP status of a success, which graphql-request
   * does not return, so its attempt gets a client whose fetch notes it; an unrecorded one uses the shared client.
   */
  function clientFor(span: StudioSpan): GraphQLClient {
    if (!span.isRecording()) return graphql;
    const fetchNoting: typeof fetch = async (input, init) => {
      const response = await config.fetch(input, init);
      span.setAttribute("http.response.status_code", response.status);
      return response;
    };
    return new GraphQLClient(config.endpoint, { fetch: fetchNoting, headers });
  }

  function attempt(
    operation: OperationInfo,
    document: TypedDocumentNode<unknown, unknown>,
    variables: unknown,
    resendCount: number,
    signal?: AbortSignal,
  ) {
    return ownTracer.span(
      operationSpanName(operation),
      { kind: "client", attributes: operationAttributes(operation, endpoint, resendCount) },
      (span) => send(span, operation, document, variables, signal),
    );
  }

  async function send(
    span: StudioSpan,
    operation: OperationInfo,
    document: TypedDocumentNode<unknown, unknown>,
    variables: unknown,
    signal?: AbortSignal,
  ) {
    // W3C traceparent of this attempt's span, when a propagator is registered (https://www.w3.org/TR/trace-context/).
    const traceHeaders: Record<string, string> = {};
    ownTracer.inject(traceHeaders);
    const controller = new AbortController();
    let abortedBy: "caller" | "timeout" | null = null;
    const onCallerAbort = () => {
      abortedBy ??= "caller";
      controller.abort(signal?.reason);
    };
    // One listener on the caller's signal however many requests share it (when-aborted.ts).
    const stopListening = signal ? whenAborted(signal, onCallerAbort) : undefined;
    const timer = setTimeout(() => {
      abortedBy ??= "timeout";
      controller.abort(new Error("timeout"));
    }, config.timeoutMs);
    try {
      const data = await clientFor(span).request({
        document: document as TypedDocumentNode<unknown, Record<string, unknown>>,
        variables: (variables ?? undefined) as Record<string, unknown>,
        signal: controller.signal,
        ...(Object.keys(traceHeaders).length > 0 ? { requestHeaders: traceHeaders } : {}),
      });
      // A GraphQL response without errors always has data (https://spec.graphql.org/October2021/#sec-Response-Format):
      // JSON without either came from something else, such as another API at a baseUrl that is not this one's root.
      if (data === undefined) throw endpointNotFound(operation.name, redact(config.endpoint), undefined);
      return data;
    } catch (raw) {
      const error = classify(raw, {
        operation,
        variables,
        redact,
        endpoint: config.endpoint,
        timeoutMs: config.timeoutMs,
        abortedBy,
        reason: signal?.reason,
        now: config.now(),
      });
      // The GraphQL code only (the status is noted by clientFor's fetch): the message quotes the server, which may
      // repeat the caller's input. The tracer sets error.type to the StudioError's code.
      if (error.graphqlCode !== undefined) span.setAttribute("studio.graphql.error_code", error.graphqlCode);
      throw error;
    } finally {
      clearTimeout(timer);
      stopListening?.();
    }
  }

  async function request<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    ...args: OperationArgs<TVariables, RequestOptions>
  ): Promise<TResult> {
    const [variables, requestOptions] = args as unknown as [TVariables | undefined, RequestOptions | undefined];
    const signal = requestOptions?.signal;
    const operation = describeOperation(document);
    // ABORTED, or TIMEOUT when the caller's signal timed out; its reason is the cause (classify.ts).
    const abortError = () => callerAbortError(operation.name, signal?.reason, redact, config.endpoint);

    for (let retry = 0; ; retry += 1) {
      if (signal?.aborted) throw abortError();
      config.logger.debug?.({ operation: operation.name, attempt: retry + 1 }, "studio request");
      try {
        const sent = attempt(operation, document as TypedDocumentNode<unknown, unknown>, variables, retry, signal);
        return (await sent) as TResult;
      } catch (error) {
        // attempt() throws nothing but StudioErrors (classify ran there, where the abort reason is known).
        const studioError = error as StudioError;
        const delayMs =
          retry < config.retry.retries && isRetryable(operation.retryClass, studioError)
            ? retryDelay(config.retry, retry + 1, studioError, config.random)
            : undefined;
        if (delayMs === undefined) throw studioError;
        config.logger.warn?.(
          redact({
            operation: operation.name,
            attempt: retry + 1,
            code: studioError.code,
            status: studioError.status,
            delayMs,
          }),
          "studio request failed; retrying",
        );
        try {
          await config.sleep(delayMs, signal);
        } catch {
          throw abortError();
        }
      }
    }
  }

  let workspacePromise: Promise<Workspace> | undefined;
  const workspace = (requestOptions?: RequestOptions): Promise<Workspace> => {
    workspacePromise ??= request(ApiCredentialWorkspaceDocument, undefined, requestOptions).then(
      ({ apiCredentialWorkspace }) => {
        if (!apiCredentialWorkspace) {
          throw new StudioGraphQLError(
            "NO_WORKSPACE",
            "@studio-kit/core: apiCredentialWorkspace answered no workspace for this key. Check the key.",
            { request: { operationName: "ApiCredentialWorkspace", url: config.endpoint } },
          );
        }
        return apiCredentialWorkspace;
      },
    );
    // A failure is not remembered: the next call asks again.
    workspacePromise.catch(() => {
      workspacePromise = undefined;
    });
    return workspacePromise;
  };

  return {
    request,
    workspace,
    workspaceId: async (requestOptions) => (await workspace(requestOptions)).id,
    endpoint: config.endpoint,
    tracer,
  };
}
