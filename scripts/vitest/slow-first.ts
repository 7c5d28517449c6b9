import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The suites that take longest (each 10-40 s, most of it waiting on child processes, a browser or real-time leases),
 * measured on a 2-core machine. They start first so that none is left running alone at the end while the other
 * worker sits idle: on a clean clone vitest has no timings cached and would order by file size, which put the
 * three-replica test last. The rest follow vitest's own order (cached durations, else larger files first).
 */
const SLOW_SUITES = [
  "apps/slack-bot/test/e2e/replicas.test.ts",
  "packages/cli/test/generate.test.ts",
  "apps/playground/test/browser.test.ts",
  "apps/slack-bot/test/e2e/restart.test.ts",
  "apps/slack-bot/test/e2e/avatar-restart.test.ts",
  "apps/slack-bot/test/e2e/result-buttons.test.ts",
  "apps/slack-bot/test/e2e/delivery.test.ts",
  "apps/slack-bot/test/e2e/remix.test.ts",
  "apps/playground/test/result-tools-browser.test.ts",
  "apps/playground/test/follow-and-jump-browser.test.ts",
  "packages/cli/test/terminal.test.ts",
  "apps/slack-bot/test/e2e/chaos.test.ts",
  "packages/mcp/test/stdio.test.ts",
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_SUITES.findIndex((suite) => file.moduleId.endsWith(suite));
      return index === -1 ? SLOW_SUITES.length : index;
    };
    // Array.prototype.sort is stable: within the same rank, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
