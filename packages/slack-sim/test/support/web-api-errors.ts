// How the tests read a Web API call the sim refused, through @slack/web-api's WebClient (which rejects with the
// answer in `data`): the error code alone, or the whole answer (the code and `response_metadata.messages`).
type Refusal = { data?: { error?: string; response_metadata?: { messages?: string[] } } };

/** The `error` code Slack answered, or undefined when the call succeeded. */
export const errorCodeOf = (promise: Promise<unknown>): Promise<string | undefined> =>
  promise.then(
    () => undefined,
    (error: Refusal) => error.data?.error,
  );

/** The whole refused answer, or undefined when the call succeeded. */
export const errorDataOf = (promise: Promise<unknown>): Promise<Refusal["data"] | undefined> =>
  promise.then(
    () => undefined,
    (error: Refusal) => error.data,
  );
