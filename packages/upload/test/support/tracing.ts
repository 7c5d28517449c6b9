// The in-memory trace pipeline core's tests use (one helper for the three packages' tracing tests). Imported by path:
// the OpenTelemetry SDK it needs resolves from packages/core, and core cannot depend on a test-support package
// without a workspace cycle.
export { exported, traceparentOf, useTracing } from "../../../core/test/support/tracing.js";
