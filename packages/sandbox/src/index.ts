// @studio-kit/sandbox: a stateful emulator of the creative platform API.
// The msw handlers live at "@studio-kit/sandbox/msw", so that importing this
// entry does not need msw.

export type { VirtualClock, VirtualClockOptions } from "./clock.js";
export { createRealTimeClock, createVirtualClock, DEFAULT_CLOCK_START, LATEST_CLOCK_TIME } from "./clock.js";
export { SandboxConfigError } from "./config/errors.js";
export { loadSandboxConfig } from "./config/load.js";
export type {
  SandboxConfig,
  SandboxCreditsConfig,
  SandboxDriftEntry,
  SandboxKeyConfig,
  SandboxWorkspace,
  SandboxWorkspaceConfig,
} from "./config/types.js";
export { FaultError } from "./faults/parse.js";
export type { SandboxFaults } from "./faults/registry.js";
export type {
  DisconnectFault,
  Fault,
  FaultKind,
  FaultRule,
  FaultStatus,
  GenerationFailedFault,
  GraphQLErrorFault,
  LatencyFault,
  ListedFault,
  NoCreditsFault,
  SlowUploadFault,
  StatusFault,
  UploadEndpoint,
  UploadLostFault,
} from "./faults/types.js";
export type { ErrorReporter } from "./http/guard.js";
export { FAIL_WORD } from "./jobs.js";
export type { JournalEntry } from "./journal/journal.js";
export { SANDBOX_KEYS, SANDBOX_OTHER_WORKSPACE_ID, SANDBOX_WORKSPACE_ID } from "./keys.js";
export { SandboxStateError } from "./persist/errors.js";
export type { SandboxStateOptions } from "./persist/persistence.js";
export type { Sandbox, SandboxOptions } from "./sandbox.js";
export { createSandbox } from "./sandbox.js";
export type { SandboxServer, SandboxServerOptions } from "./server.js";
export { startSandboxServer } from "./server.js";
export type { SandboxStats } from "./stats.js";
