// @studio-kit/sandbox: a stateful emulator of the creative platform API.
// The msw handlers live at "@studio-kit/sandbox/msw", so that importing this
// entry does not need msw.

export type { VirtualClock, VirtualClockOptions } from "./clock.js";
export { createRealTimeClock, createVirtualClock, DEFAULT_CLOCK_START } from "./clock.js";
export { FAIL_WORD } from "./jobs.js";
export { SANDBOX_KEYS, SANDBOX_OTHER_WORKSPACE_ID, SANDBOX_WORKSPACE_ID } from "./keys.js";
export type { Sandbox, SandboxOptions } from "./sandbox.js";
export { createSandbox } from "./sandbox.js";
export type { SandboxServer, SandboxServerOptions } from "./server.js";
export { startSandboxServer } from "./server.js";
export type { SandboxStats } from "./stats.js";
