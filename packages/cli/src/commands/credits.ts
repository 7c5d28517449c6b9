import { getCredits } from "@studio-kit/core";
import type { Command } from "commander";
import type { RunContext } from "../context.js";
import { spendable } from "../credits.js";
import { when } from "../dates.js";

/** `studio credits`: what can be spent now, and when more arrives. */
export function registerCredits(program: Command, run: RunContext): void {
  program
    .command("credits")
    .description("Show the workspace's credits")
    .action(async (_options, command: Command) => {
      const { printer, session } = run.begin(command);
      const { client } = await session();
      const credits = await getCredits(client);
      const { bold } = printer.style;
      printer.result({ credits, available: spendable(credits) }, () => {
        const free = credits.dailyFree;
        return [
          `${bold(String(spendable(credits)))} credits available now`,
          `  balance ${credits.balance ?? 0} · bonus ${credits.bonusBalance ?? 0}` +
            (free ? ` · daily free ${free.remaining ?? 0} of ${free.limit ?? 0} (resets ${when(free.resetsAt)})` : ""),
          credits.nextRefillAt ? `  next refill ${when(credits.nextRefillAt)}` : "",
        ]
          .filter(Boolean)
          .join("\n");
      });
    });
}
