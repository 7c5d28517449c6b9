// A borderless table, as `gh` prints lists: columns padded to their widest cell, the last one left ragged.
// Hand-written rather than cli-table3 because this is all a list needs (a dozen lines) and bordered tables read
// badly when a terminal is narrow or the output is pasted into a ticket.

import { terminalText } from "./terminal-text.js";

/** Lines of a table: a header row then one row per item; `undefined`/`null` cells print as "-". */
export function table(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cells = [header, ...rows].map((row) =>
    // One line per row, padded by what shows: a cell's control characters would break the row or its width.
    row.map((cell) => (cell === null || cell === undefined ? "-" : terminalText(String(cell), { newlines: false }))),
  );
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
