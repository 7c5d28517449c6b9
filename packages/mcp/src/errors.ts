// The one error of this package: a refusal a tool reports to the agent as a tool error (`isError: true`, its
// message as text and `{ error: { code, message, ... } }` as structuredContent), never a protocol error. Backends
// throw it for what they refuse; tools/result.ts turns anything else into `internal` without its message, so a
// stack, a key or a signed URL inside an unexpected error never reaches an agent.

/** Why a tool did not do what it was asked. An agent can branch on it; the message says it to a person. */
export type RefusalCode =
  /** An option or value the grammar's checks refuse (the same messages as the bot and the CLI). */
  | "invalid_input"
  /** The estimated cost is more than the credits available. */
  | "insufficient_credits"
  /** The cost is above the confirmation threshold and the person has not confirmed it. */
  | "confirmation_required"
  /** The person was asked and declined. */
  | "not_confirmed"
  /** The backend's access rules leave this person (or this workspace key) out. */
  | "access_denied"
  /** A per-person limit (such as generations per hour) is reached. */
  | "quota_reached"
  /** A shared spending budget (such as the bot's daily credit budget) is reached. */
  | "budget_reached"
  /** No job, board or asset with that id or title. */
  | "not_found"
  /** The request was cancelled; the message says what was already sent. */
  | "cancelled"
  /** The service failed or refused; the message says whether anything was spent. */
  | "failed"
  /** Something unexpected; the message gives no detail (nothing internal is shown). */
  | "internal";

/** Extra facts an agent can read next to the message: a cost, the valid values, a job id still running. */
export type RefusalDetails = Readonly<Record<string, unknown>>;

/**
 * A refusal a backend or a tool throws: shown to the agent as a tool error with its code, message and details.
 * The message is shown as it is: it must say what happened and what to do next, and carry no secret.
 *
 * @example throw new StudioToolRefusal("quota_reached", "You have made 20 generations this hour; try again at 15:00.")
 */
export class StudioToolRefusal extends Error {
  override readonly name = "StudioToolRefusal";
  readonly code: RefusalCode;
  readonly details: RefusalDetails;

  constructor(code: RefusalCode, message: string, details: RefusalDetails = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

/** True for a {@link StudioToolRefusal}, also one made by another copy of this package. */
export function isStudioToolRefusal(error: unknown): error is StudioToolRefusal {
  return (
    error instanceof StudioToolRefusal ||
    (error instanceof Error &&
      error.name === "StudioToolRefusal" &&
      typeof (error as { code?: unknown }).code === "string")
  );
}
