// The import rules `pnpm check:layers` holds (dependency-cruiser; docs:
// https://github.com/sverweij/dependency-cruiser/blob/main/doc/rules-reference.md):
// - no import cycles anywhere, type-only imports included (a cycle of types still ties two files into one idea);
// - apps import packages, never the other way round;
// - inside the Slack bot, one order of layers (apps/slack-bot/README.md, "Layers"): a folder imports only the
//   folders below it, so a request traced from its listener to the posted result only goes down.

/** The bot's layers, top first. A file may import its own layer and any layer after it in this list. */
const BOT_LAYERS = [
  { name: "entry points", path: "(main|index)\\.ts$" },
  { name: "app", path: "app\\.ts$" },
  { name: "listeners", path: "listeners/" },
  // Slackbot's tool calls (/mcp): an entry for requests like the listeners, served by the same flows below.
  { name: "mcp", path: "mcp/" },
  { name: "flows", path: "flows/" },
  { name: "jobs", path: "jobs/" },
  { name: "delivery", path: "delivery/" },
  { name: "messages", path: "messages/" },
  { name: "intent", path: "intent/" },
  { name: "deps", path: "deps\\.ts$" },
  { name: "ops", path: "ops/" },
  { name: "services", path: "services/" },
  { name: "store", path: "store/" },
  { name: "config", path: "(config\\.ts|config/|logger\\.ts)" },
];

const BOT = "^apps/slack-bot/src/";
const inBot = (layer) => `${BOT}${layer.path}`;

/** One rule per layer: it may not import any layer above it. */
const layerRules = BOT_LAYERS.slice(1).map((layer, index) => ({
  name: `bot-layers: ${layer.name}`,
  comment: `${layer.name} may import only the layers below it (${BOT_LAYERS.slice(index + 2)
    .map((below) => below.name)
    .join(", ")}); move what both need down instead (apps/slack-bot/README.md, "Layers").`,
  severity: "error",
  from: { path: inBot(layer) },
  to: { path: BOT_LAYERS.slice(0, index + 1).map(inBot) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "Two modules that import each other are one idea in two files: move what both need into a third.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "packages-below-apps",
      comment: "Packages are imported by apps and by each other, never the other way round.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)dist/", "(^|/)node_modules/", "\\.d\\.ts$", "(^|/)src/generated/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".mts", ".js", ".mjs", ".cjs", ".json"] },
  },
};
