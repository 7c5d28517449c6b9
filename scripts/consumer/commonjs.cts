// A CommonJS consumer written in TypeScript. Under `module: nodenext`, TypeScript >= 5.8 lets a CommonJS file
// import these ESM-only packages; the imports compile to require(), which Node >= 20.19 runs. Type-checked
// with smoke.mts and run by scripts/consumer-test.mjs after require.cjs.
import { createStudioClient, StudioConfigError } from "@studio-kit/core";
import { createPoller } from "@studio-kit/poller";
import { createManualClock } from "@studio-kit/poller/testing";
import { validateUpload } from "@studio-kit/upload";

const client = createStudioClient({ apiKey: "sk_consumer_commonjs", baseUrl: "http://127.0.0.1:9" });
const poller = createPoller(client, { clock: createManualClock() });
const valid = validateUpload({ contentType: "image/png", size: 79 });

let refused = false;
try {
  createStudioClient({ apiKey: "", baseUrl: "http://127.0.0.1:9" });
} catch (error) {
  refused = error instanceof StudioConfigError;
}
if (typeof poller.waitForImages !== "function" || valid.category !== "UGC_IMAGE" || !refused) {
  throw new Error("commonjs.cts: the packages required from CommonJS do not behave as documented");
}
console.log(JSON.stringify({ commonjs: "ok", category: valid.category }));
