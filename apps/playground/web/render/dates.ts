// Slack's `<!date^epoch^format|fallback>` tokens in the reader's time zone
// (https://api.slack.com/reference/surfaces/formatting#date-formatting). English like Slack's own rendering.

/** Where and when the page is: injected so tests get fixed output. */
export interface DateOptions {
  /** Now, ms since the epoch: "today"/"yesterday" and `{ago}` are relative to it. */
  now: number;
  /** An IANA zone; default the browser's. */
  timeZone?: string;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: string;
  hour: number;
  minute: number;
  second: number;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function partsOf(ms: number, timeZone: string | undefined): Parts {
  const format = new Intl.DateTimeFormat("en-US", {
    ...(timeZone ? { timeZone } : {}),
    year: "numeric",
    month: "numeric",
    day: "numeric",
    weekday: "long",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  });
  const get = (type: string) => format.formatToParts(ms).find((part) => part.type === type)?.value ?? "";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    weekday: get("weekday"),
    hour: Number(get("hour")) % 24,
    minute: Number(get("minute")),
    second: Number(get("second")),
  };
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${["th", "st", "nd", "rd"][day % 10] ?? "th"}`;
}

const pad = (value: number) => String(value).padStart(2, "0");
const monthName = (p: Parts) => MONTHS[p.month - 1] ?? "";
const dayKey = (p: Parts) => p.year * 10_000 + p.month * 100 + p.day;

function clock(p: Parts, seconds: boolean): string {
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${hour12}:${pad(p.minute)}${seconds ? `:${pad(p.second)}` : ""} ${p.hour < 12 ? "AM" : "PM"}`;
}

// "today", "yesterday" or "tomorrow" when the date is one of those in the reader's zone.
function pretty(p: Parts, options: DateOptions): string | undefined {
  const day = 86_400_000;
  const key = dayKey(p);
  if (key === dayKey(partsOf(options.now, options.timeZone))) return "today";
  if (key === dayKey(partsOf(options.now - day, options.timeZone))) return "yesterday";
  if (key === dayKey(partsOf(options.now + day, options.timeZone))) return "tomorrow";
  return undefined;
}

function ago(ms: number, now: number): string {
  const seconds = Math.round((ms - now) / 1000);
  const abs = Math.abs(seconds);
  const [value, unit] =
    abs < 60
      ? [abs, "second"]
      : abs < 3600
        ? [Math.round(abs / 60), "minute"]
        : abs < 86_400
          ? [Math.round(abs / 3600), "hour"]
          : [Math.round(abs / 86_400), "day"];
  const words = `${value} ${unit}${value === 1 ? "" : "s"}`;
  return seconds <= 0 ? `${words} ago` : `in ${words}`;
}

/** Formats `format` (`{date_short_pretty} at {time}`, …) for `epoch` seconds; undefined when the epoch is not a date. */
export function formatSlackDate(epoch: number, format: string, options: DateOptions): string | undefined {
  const ms = epoch * 1000;
  if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) return undefined;
  const p = partsOf(ms, options.timeZone);
  const long = `${monthName(p)} ${ordinal(p.day)}, ${p.year}`;
  const short = `${monthName(p).slice(0, 3)} ${p.day}, ${p.year}`;
  const tokens: Record<string, () => string> = {
    date_num: () => `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    date: () => long,
    date_short: () => short,
    date_long: () => `${p.weekday}, ${long}`,
    date_pretty: () => pretty(p, options) ?? long,
    date_short_pretty: () => pretty(p, options) ?? short,
    date_long_pretty: () => pretty(p, options) ?? `${p.weekday}, ${long}`,
    time: () => clock(p, false),
    time_secs: () => clock(p, true),
    ago: () => ago(ms, options.now),
  };
  return format.replace(/\{(\w+)\}/g, (whole, name: string) => tokens[name]?.() ?? whole);
}

/** A message's `ts` ("1700000000.000100") as a short clock time and a full date for its tooltip. */
export function messageTime(ts: string, options: DateOptions): { short: string; full: string } {
  const epoch = Math.floor(Number(ts));
  return {
    short: formatSlackDate(epoch, "{time}", options) ?? "",
    full: formatSlackDate(epoch, "{date_long} at {time_secs}", options) ?? ts,
  };
}
