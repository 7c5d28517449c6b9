// A plain CommonJS consumer: Node >= 20.19 loads the ESM-only packages with require() (none of them uses
// top-level await, which require() cannot load). Run by scripts/consumer-test.mjs in the scratch project.
// @studio-kit/sandbox/msw is left out: it needs the optional peer msw, which the scratch project does not install.
const assert = require("node:assert/strict");

const expected = {
  "@studio-kit/operations": "GenerateImageDocument",
  "@studio-kit/core": "createStudioClient",
  "@studio-kit/upload": "uploadFile",
  "@studio-kit/poller": "createPoller",
  "@studio-kit/poller/testing": "createManualClock",
  "@studio-kit/commands": "parseCommand",
  "@studio-kit/sandbox": "startSandboxServer",
  "@studio-kit/cli": "runStudio",
  "@studio-kit/mcp": "createStudioMcpServer",
};

for (const [specifier, name] of Object.entries(expected)) {
  const loaded = require(specifier);
  assert.ok(loaded[name] !== undefined, `require("${specifier}").${name} is missing`);
}
console.log(JSON.stringify({ required: Object.keys(expected) }));
