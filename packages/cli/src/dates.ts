/** An ISO time as a person reads it in a terminal: "2026-12-01 00:00 UTC"; "-" when absent or unreadable. */
export function when(iso: string | null | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return "-";
  return `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
