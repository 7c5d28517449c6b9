import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/store/sqlite/migrations.js";
import { openSqliteStore } from "../../src/store/sqlite/open.js";
import { LEASE, newJob, OWNER, storeContract } from "./contract.js";

const dir = mkdtempSync(join(tmpdir(), "studio-bot-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(dir, `store-${++files}.db`);

storeContract("SQLite in memory", ({ now }) => openSqliteStore({ path: ":memory:", now }));
storeContract("SQLite file", ({ now }) => openSqliteStore({ path: freshPath(), now }));

describe("SQLite file", () => {
  it("keeps jobs, defaults and handled events across a reopen (a restarted bot)", async () => {
    const path = freshPath();
    const first = openSqliteStore({ path });
    const created = await first.jobs.create(newJob(), {}, LEASE);
    if (!created.ok) throw new Error("refused");
    await first.jobs.update(created.job.id, { state: "running", resultIds: ["img_1"] }, OWNER);
    await first.channelDefaults.set("C1", { id: "b1", conversationId: "c1", title: "Spring" });
    await first.events.firstSight("Ev1", 1);
    await first.close();

    const second = openSqliteStore({ path });
    expect((await second.jobs.unfinished()).map((job) => job.resultIds)).toEqual([["img_1"]]);
    expect(await second.channelDefaults.get("C1")).toMatchObject({ title: "Spring" });
    expect(await second.events.firstSight("Ev1", 2)).toBe(false);
    await second.close();
  });

  it("applies the migrations once, and refuses a file from a newer bot", async () => {
    const path = freshPath();
    await openSqliteStore({ path }).close();
    await openSqliteStore({ path }).close(); // a second open migrates nothing and does not fail
    const db = new Database(path);
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openSqliteStore({ path })).toThrow(/newer than this bot knows.*STUDIO_BOT_DB/);
  });

  it("opens a file written before jobs had steps: its jobs read as one-step jobs and can move on", async () => {
    const path = freshPath();
    const old = new Database(path);
    // The schema as the bot before steps left it (its two migrations), with a job it was running.
    for (const [index, sql] of MIGRATIONS.slice(0, 2).entries()) {
      old.exec(sql);
      old.pragma(`user_version = ${index + 1}`);
    }
    old
      .prepare(
        `INSERT INTO jobs (id, user_id, channel, request, state, result_ids, outputs, credits, lease_owner, lease_until,
          created_at, updated_at) VALUES ('job_old', 'U1', 'C1', ?, 'running', '["img_1"]', 1, 10, NULL, NULL, 1, 1)`,
      )
      .run(JSON.stringify(newJob().request));
    old.close();

    const store = openSqliteStore({ path });
    const [claimed] = await store.jobs.claim(LEASE, 2, 10);
    expect(claimed).toMatchObject({ id: "job_old", state: "running", resultIds: ["img_1"] });
    expect(claimed?.step).toBeUndefined();
    expect(claimed?.stepResults).toBeUndefined();
    expect((await store.jobs.update("job_old", { state: "done", outcome: "completed" }, OWNER)).state).toBe("done");
    await store.close();
  });

  it("holds a quota across two processes' connections to one file", async () => {
    const path = freshPath();
    const [a, b] = [openSqliteStore({ path }), openSqliteStore({ path })];
    const limits = { userOutputsPerHour: 3 };
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 ? a : b).jobs.create(newJob(), limits, LEASE)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    await a.close();
    await b.close();
  });
});
