// Measures what a kill -9 loses of a busy sandbox's acknowledged changes (issue 27, point 8). Each round starts
// test/fixtures/writers-until-killed.mjs (a state of SIZE_MB megabytes, WRITERS clients creating boards), kills it
// with SIGKILL once it has acknowledged KILL_AFTER boards, restarts from the state file, and counts the acknowledged
// boards the restart does not have, and how long before the kill the oldest of them was acknowledged.
//
//   node packages/sandbox/scripts/measure-kill-loss.mjs [rounds=5] [sizeMb=16] [writers=8] [killAfter=1500] [dist]
//
// `dist` (default ../dist/index.js) is the build to measure, so an older build can be compared with this one.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const [rounds = "5", sizeMb = "16", writers = "8", killAfter = "1500", dist = "../dist/index.js"] =
  process.argv.slice(2);
const distUrl = new URL(dist, import.meta.url);
const { createSandbox } = await import(distUrl.href);
const fixture = fileURLToPath(new URL("../test/fixtures/writers-until-killed.mjs", import.meta.url));

for (let round = 1; round <= Number(rounds); round += 1) {
  const directory = mkdtempSync(join(tmpdir(), "sandbox-kill-loss-"));
  const file = join(directory, "state.json");
  const child = spawn(process.execPath, [fixture, file, sizeMb, writers, fileURLToPath(distUrl)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const acknowledged = new Map();
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const [word, title, at] = line.split(" ");
    if (word === "ack") acknowledged.set(title, Number(at));
    if (acknowledged.size >= Number(killAfter)) break;
  }
  child.kill("SIGKILL");
  const killedAt = Date.now();
  await once(child, "exit");
  lines.close();
  const restarted = createSandbox({ state: { file, debounceMs: 3_600_000 } });
  const titles = new Set([...restarted.state.boards.values()].map((board) => board.title));
  const lost = [...acknowledged].filter(([title]) => !titles.has(title));
  const oldest = lost.length === 0 ? null : killedAt - Math.min(...lost.map(([, at]) => at));
  await restarted.close();
  rmSync(directory, { recursive: true, force: true });
  console.log(
    JSON.stringify({ round, acknowledged: acknowledged.size, lost: lost.length, oldestLostMsBeforeKill: oldest }),
  );
}
