/**
 * The arguments a request function takes after the document, read off the
 * document's variables type:
 * - a document that declares no variables accepts none (`undefined` at most);
 * - a document whose variables are all optional may be sent without them;
 * - otherwise the variables are required.
 *
 * Codegen types a document without variables as `{ [key: string]: never }`,
 * which is what the first branch detects.
 *
 * @example
 * ```ts
 * declare function request<R, V>(doc: TypedDocumentNode<R, V>, ...args: OperationArgs<V>): Promise<R>;
 * request(ApiCredentialWorkspaceDocument);                   // ok
 * request(CreditsBalanceDocument, { workspaceId });          // ok
 * request(CreditsBalanceDocument);                           // type error: workspaceId is required
 * ```
 */
export type OperationArgs<TVariables, TOptions = never> = [TOptions] extends [never]
  ? VariablesArg<TVariables>
  : [...VariablesArg<TVariables>, options?: TOptions];

type VariablesArg<TVariables> = string extends keyof TVariables
  ? [variables?: undefined]
  : Record<never, never> extends TVariables
    ? [variables?: TVariables]
    : [variables: TVariables];

/**
 * The status of a generated image, video, audio or background job. The spec
 * documents QUEUED, COMPLETED and FAILED and says other (intermediate) values
 * exist without listing them, so any other string is a status too: treat it as
 * still working.
 */
export type RecordStatus = "QUEUED" | "COMPLETED" | "FAILED" | (string & {});
