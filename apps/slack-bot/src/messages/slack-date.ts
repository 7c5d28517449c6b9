// Every date and time the bot writes in a message goes through here: Slack's date token
// `<!date^UNIX^{token_string}^optional_link|fallback text>`, which each reader's Slack shows in their own time zone
// and their own 12- or 24-hour clock (https://docs.slack.dev/messaging/formatting-message-text#date-formatting).
// The fallback is what a client that cannot read the token shows (a notification, an email): the time in UTC, said
// to be UTC, since it is the same text for everyone.

/** How much of the time to show: the day and the time ("today at 2:30 PM"), or the day only ("Mar 3, 2026"). */
export type SlackDateStyle = "dateTime" | "date";

// `_pretty` says "today", "yesterday" or "tomorrow" where one of them is true for the reader.
const TOKENS: Record<SlackDateStyle, string> = {
  dateTime: "{date_short_pretty} at {time}",
  date: "{date_short_pretty}",
};

/** A time as ms since the epoch, or undefined when it is missing or not a time (an unparsable string, NaN). */
function msOf(when: number | string | null | undefined): number | undefined {
  if (when === null || when === undefined || when === "") return undefined;
  const ms = typeof when === "number" ? when : Date.parse(when);
  // Outside Date's range (±8.64e15 ms) there is no date to show either.
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? ms : undefined;
}

/**
 * The time `when` (ms since the epoch, or an ISO 8601 string as the API gives them) as Slack's date token, or
 * undefined when there is no such time: the caller says what stands in its place ("at the next refill").
 *
 * @example
 * slackDate(Date.UTC(2026, 0, 2)); // "<!date^1767312000^{date_short_pretty} at {time}|2026-01-02 00:00 UTC>"
 * slackDate("2026-01-02T00:00:00Z", "date"); // "<!date^1767312000^{date_short_pretty}|2026-01-02 UTC>"
 */
export function slackDate(
  when: number | string | null | undefined,
  style: SlackDateStyle = "dateTime",
): string | undefined {
  const ms = msOf(when);
  if (ms === undefined) return undefined;
  const iso = new Date(ms).toISOString();
  const fallback = style === "date" ? `${iso.slice(0, 10)} UTC` : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  return `<!date^${Math.floor(ms / 1000)}^${TOKENS[style]}|${fallback}>`;
}
