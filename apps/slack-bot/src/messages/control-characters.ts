// The bot drops control characters and bidi overrides from every echo of a person's text with the shared grammar's
// filter (@studio-kit/commands, control-characters.ts): blocks.ts's escapeText and modal-parts.ts call it.
export { withoutControls } from "@studio-kit/commands";
