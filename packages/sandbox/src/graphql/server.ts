import { Kind, NoSchemaIntrospectionCustomRule, type OperationDefinitionNode, parse } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import type { RequestContext, SandboxCore } from "../core.js";
import { forbidden, unauthenticated } from "../errors.js";
import { MAX_DOCUMENT_TOKENS, MAX_GRAPHQL_BODY_BYTES } from "../http/limits.js";
import type { Call } from "../journal/journal.js";
import { isExpired } from "../keys.js";
import { createSandboxSchema } from "./schema.js";

interface ServerContext {
  core: SandboxCore;
  /** The journal's hold on the request; resolvers see it as `ctx.call`. */
  call?: Call;
}

/** `Authorization: Bearer <key>` decides the workspace; anything else is refused with 401. */
function authenticate(request: Request, core: SandboxCore): RequestContext {
  const header = request.headers.get("authorization");
  if (!header) {
    throw unauthenticated("Missing API key: send the header `Authorization: Bearer <API_KEY>`.");
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const grant = match?.[1] ? core.keys.get(match[1]) : undefined;
  if (!grant) {
    throw unauthenticated("Invalid API key: check the key, or create a new one in the workspace settings.");
  }
  if (isExpired(grant, core.clock.now())) {
    throw unauthenticated("This API key has expired: create a new one in the workspace settings.");
  }
  return { core, workspaceId: grant.workspaceId, readOnly: grant.readOnly, origin: new URL(request.url).origin };
}

function operationOf(document: { definitions: readonly { kind: string }[] }, name?: string | null) {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return operations.find((operation) => !name || operation.name?.value === name) ?? operations[0];
}

/** Counts executed operations and root fields, and refuses mutations sent with a read-only key. */
function useSandboxRules(): Plugin<RequestContext> {
  return {
    onParse({ setParseFn }) {
      // graphql-js's own bound on a document's size; its nesting is bounded before parsing (graphql/gate.ts).
      setParseFn((source, options) => parse(source, { ...options, maxTokens: MAX_DOCUMENT_TOKENS }));
    },
    onValidate({ addValidationRule }) {
      // Introspection is off in production; the sandbox refuses it the same way.
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as RequestContext;
      const operation = operationOf(args.document, args.operationName);
      const rootFields = (operation?.selectionSet.selections ?? []).flatMap((selection) =>
        selection.kind === Kind.FIELD ? [selection.name.value] : [],
      );
      context.core.stats.countOperation(operation?.name?.value ?? "(anonymous)", rootFields);
      if (operation?.operation === "mutation" && context.readOnly) {
        setResultAndStopExecution({
          data: null,
          errors: [forbidden("This API key is read-only: mutations need a key with Read & write access.")],
        });
      }
    },
  };
}

export function createGraphQLServer(core: SandboxCore) {
  return createYoga<ServerContext, RequestContext>({
    schema: createSandboxSchema(core.drift),
    graphqlEndpoint: "/graphql",
    landingPage: false,
    graphiql: false,
    logging: false,
    // The gate reads at most this much first (graphql/gate.ts); yoga's own check is the backstop.
    maxRequestBodySize: MAX_GRAPHQL_BODY_BYTES,
    // Unexpected errors are masked as "Unexpected error." and never carry a stack, whatever NODE_ENV says.
    maskedErrors: { isDev: false },
    context: ({ request }) => authenticate(request, core),
    plugins: [useSandboxRules()],
  });
}
