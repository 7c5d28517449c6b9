// A stdio MCP server whose backend refuses every generation with the code given as argv[2], as an app's own
// rules refuse (the bot's quota, its access rules): run by test/stdio.test.ts with the SDK's StdioClientTransport.
// It uses the built package (dist/), as an app would, and the key-backed backend for everything else.
import { createStudioClient } from "@studio-kit/core";
import { createClientBackend, createStudioMcpServer, StudioToolRefusal, serveStdio } from "../../dist/index.js";

const [code, baseUrl, apiKey] = process.argv.slice(2);
const backend = createClientBackend(createStudioClient({ apiKey, baseUrl }));
const refusing = {
  ...backend,
  prepareGeneration: async () => {
    throw new StudioToolRefusal(code, `Refused by this server's rule (${code}).`, { retryAt: "15:00" });
  },
};
await serveStdio(createStudioMcpServer(refusing));
