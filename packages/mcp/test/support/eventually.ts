// The repository's one way of waiting for an event in a test (scripts/vitest/eventually.ts).
export { eventually } from "../../../../scripts/vitest/eventually.js";
