// Reads /metrics as Prometheus would: the text over HTTP, parsed with a Prometheus text-format parser
// (parse-prometheus-text-format, prom2json's shape), never with the bot's own registry.
import parsePrometheusTextFormat, { type ParsedFamily } from "parse-prometheus-text-format";

/** A scrape: the families by name, each histogram's series, and the text as served. */
export interface Scrape {
  families: Map<string, ParsedFamily>;
  /**
   * Every series by name as written (`<histogram>_count`, `_sum`, `_bucket` each with their labels). The parser
   * folds a histogram's samples into one and drops their labels when it has any besides `le` (1.1.1); read as
   * untyped, each of its lines keeps its labels.
   */
  series: Map<string, ParsedFamily>;
  text: string;
  contentType: string;
}

/** GETs `url` (a /metrics endpoint) and parses it. */
export async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  const untyped = text.replace(/^# TYPE (\S+) histogram$/gm, "# TYPE $1 untyped");
  return {
    families: new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family])),
    series: new Map(parsePrometheusTextFormat(untyped).map((family) => [family.name, family])),
    text,
    contentType: response.headers.get("content-type") ?? "",
  };
}

const matches = (labels: Record<string, string> | undefined, want: Record<string, string>) =>
  Object.entries(want).every(([name, value]) => labels?.[name] === value);

/**
 * The sum of a counter's or gauge's samples whose labels include `labels`; for a histogram, the sum of the
 * matching samples' counts. 0 when none match (a family that is missing throws: every metric must be there).
 */
export function sampleOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = scraped.families.get(name);
  if (!family) throw new Error(`no metric ${name} in the scrape`);
  const samples = family.type === "HISTOGRAM" ? (scraped.series.get(`${name}_count`)?.metrics ?? []) : family.metrics;
  return samples
    .filter((sample) => matches(sample.labels, labels))
    .reduce((sum, sample) => sum + Number(sample.value), 0);
}

/** Every label value in the scrape, histograms' included (their `le` bounds too). */
export function labelValues(scraped: Scrape): string[] {
  return [...scraped.series.values()].flatMap((family) =>
    family.metrics.flatMap((sample) => Object.values(sample.labels ?? {})),
  );
}
