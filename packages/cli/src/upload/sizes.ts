const UNITS = ["KiB", "MiB", "GiB"] as const;

/** A size for people: `812 B`, `1.5 KiB`, `256 MiB` (binary units, as the spec states its 256 MiB limit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes;
  let unit: string = "B";
  for (const next of UNITS) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  // One decimal below 10 (1.5 KiB), none above (256 MiB): enough to tell files apart in a table.
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, "") : Math.round(value).toString();
  return `${shown} ${unit}`;
}
