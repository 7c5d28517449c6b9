import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, it } from "vitest";
import { createSandbox, type Sandbox } from "../src/index.js";
import { sandboxHandlers } from "../src/msw.js";
import { faceClient } from "./support/face-client.js";
import { SCENARIOS } from "./support/fault-scenarios.js";

// Every fault kind through the msw face: the sandbox answers in-process, the
// faults are added through its admin API as a test would over HTTP.
const server = setupServer();
const sandboxes: Sandbox[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(async () => {
  server.resetHandlers();
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
});
afterAll(() => server.close());

function mswClient() {
  const sandbox = createSandbox({ jobMs: 1000 });
  sandboxes.push(sandbox);
  const baseUrl = `https://faults-${sandboxes.length}.sandbox.test`;
  server.use(...sandboxHandlers(sandbox, baseUrl));
  return faceClient({ baseUrl, key: sandbox.keys.readWrite, workspaceId: sandbox.workspaceId });
}

describe("faults through the msw face", () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.kind}: ${scenario.name}`, () => scenario.run(mswClient()));
  }
});
