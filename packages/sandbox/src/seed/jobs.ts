import type { SandboxCore } from "../core.js";
import { SANDBOX_WORKSPACE_ID } from "../keys.js";

/** A finished brand analysis and a product scrape still running, for backgroundJob. */
export function seedBackgroundJobs(core: SandboxCore): void {
  const now = core.clock.now();
  const finished = { startedAt: now - 3_600_000, durationMs: 600_000, failure: null };
  core.state.backgroundJobs.set("job_brand_analysis", {
    id: "job_brand_analysis",
    workspaceId: SANDBOX_WORKSPACE_ID,
    type: "BRAND_ANALYSIS",
    source: "WEBSITE",
    sourceId: "brand_acme",
    metadata: { url: "https://acme-outdoor.example", pagesRead: 14 },
    createdAt: core.clock.iso(finished.startedAt),
    _job: finished,
    children: [
      {
        id: "job_brand_analysis_colors",
        type: "COLORS",
        _job: finished,
        createdAt: core.clock.iso(finished.startedAt),
      },
      {
        id: "job_brand_analysis_voice",
        type: "TONE_OF_VOICE",
        _job: finished,
        createdAt: core.clock.iso(finished.startedAt),
      },
    ],
  });
  const running = { startedAt: now, durationMs: 10 * core.jobMs, failure: null };
  core.state.backgroundJobs.set("job_product_scrape", {
    id: "job_product_scrape",
    workspaceId: SANDBOX_WORKSPACE_ID,
    type: "PRODUCT_SCRAPE",
    source: "WEBSITE",
    sourceId: null,
    metadata: { url: "https://acme-outdoor.example/products" },
    createdAt: core.clock.iso(now),
    _job: running,
    children: [],
  });
}
