// The PostgreSQL store against a real server: STUDIO_TEST_DATABASE_URL (.ci/run starts PostgreSQL and sets it).
// Every store opens a schema of its own (t_<random>), dropped at the end, so runs never see each other's rows.
import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { PostgresStoreError } from "../../src/store/postgres/errors.js";
import { MIGRATIONS } from "../../src/store/postgres/migrations.js";
import { openPostgresStore, type PostgresStoreOptions } from "../../src/store/postgres/open.js";
import type { BotStore } from "../../src/store/types.js";
import { LEASE, newJob, OWNER, storeContract } from "./contract.js";

const url = process.env.STUDIO_TEST_DATABASE_URL;

if (!url && process.env.CI === "true") {
  describe("PostgreSQL store", () => {
    it("has a database to run against", () => {
      throw new Error("STUDIO_TEST_DATABASE_URL is not set; .ci/run starts PostgreSQL and sets it");
    });
  });
}

describe.skipIf(!url)("PostgreSQL store", () => {
  const connectionString = url ?? "";
  const schemas: string[] = [];
  const freshSchema = () => {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    schemas.push(schema);
    return schema;
  };
  const open = (schema: string, options: Partial<PostgresStoreOptions> = {}) =>
    openPostgresStore({ connectionString, schema, ...options });
  /** Runs SQL on a connection of the test's own, outside any store. */
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  afterAll(async () => {
    await admin(async (client) => {
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    });
  });

  storeContract("PostgreSQL", ({ now }) => open(freshSchema(), { now, poolSize: 4 }));

  describe("opening", () => {
    it("applies the migrations once when five replicas open a new schema at the same moment", async () => {
      const schema = freshSchema();
      const stores = await Promise.all(Array.from({ length: 5 }, () => open(schema, { poolSize: 2 })));
      const versions = await admin(
        async (client) => (await client.query(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`)).rows,
      );
      expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
      for (const store of stores) await store.close();
    });

    it("refuses a schema migrated by a newer bot, naming DATABASE_URL", async () => {
      const schema = freshSchema();
      await (await open(schema)).close();
      await admin((client) =>
        client.query(`INSERT INTO ${schema}.schema_migrations (version) VALUES ($1)`, [MIGRATIONS.length + 1]),
      );
      const refused = open(schema);
      await expect(refused).rejects.toThrow(/newer than this bot knows.*DATABASE_URL/);
      await expect(refused).rejects.toMatchObject({ code: "SCHEMA_TOO_NEW" });
    });

    it("names the server but never the password when it cannot connect", async () => {
      const password = "s3cret-Pa55";
      const error = await openPostgresStore({
        connectionString: `postgres://studio:${password}@127.0.0.1:1/studio_test`,
        schema: freshSchema(),
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PostgresStoreError);
      expect(error).toMatchObject({ code: "CONNECT_FAILED" });
      expect((error as Error).message).toMatch(
        /could not connect to PostgreSQL at 127\.0\.0\.1:1\/studio_test: .*ECONNREFUSED.*Check DATABASE_URL/,
      );
      expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(password);
    });

    it("names neither password nor connection string when the server refuses the login", async () => {
      const password = "wrong-Pa55word";
      const target = new URL(connectionString);
      target.password = password;
      const error = await openPostgresStore({ connectionString: target.href, schema: freshSchema() }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ code: "CONNECT_FAILED" });
      expect((error as Error).message).toMatch(/password authentication failed.*Check DATABASE_URL/);
      expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(password);
    });

    it("refuses a connection string that is not a postgres:// URL without repeating it", async () => {
      for (const connectionString of ["studio:s3cret@db:5432/studio", "postgres://studio:s3cret@[db/studio"]) {
        const error = await openPostgresStore({ connectionString }).catch((caught: unknown) => caught);
        expect(error).toMatchObject({ code: "INVALID_OPTIONS", message: expect.stringMatching(/DATABASE_URL/) });
        expect(inspect(error, { depth: 10, showHidden: true })).not.toContain("s3cret");
      }
    });

    it("refuses a schema name that is not a plain lower-case identifier, before connecting", async () => {
      for (const schema of ["Public", "bot-1", "1bot", 'x"; DROP TABLE jobs; --', ""]) {
        await expect(open(schema)).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
      }
      await expect(open("ok", { poolSize: 0 })).rejects.toThrow(/poolSize/);
    });

    it("keeps jobs, defaults and handled events across a reopen (a restarted bot)", async () => {
      const schema = freshSchema();
      const first = await open(schema);
      const created = await first.jobs.create(newJob(), {}, LEASE);
      if (!created.ok) throw new Error("refused");
      await first.jobs.update(created.job.id, { state: "running", resultIds: ["img_1"] }, OWNER);
      await first.channelDefaults.set("C1", { id: "b1", conversationId: "c1", title: "Spring" });
      await first.events.firstSight("Ev1", 1);
      await first.close();
      await first.close(); // closing twice is harmless

      const second = await open(schema);
      expect(await second.jobs.unfinished()).toEqual([
        { ...created.job, state: "running", resultIds: ["img_1"], updatedAt: expect.any(Number) },
      ]);
      expect(await second.channelDefaults.get("C1")).toMatchObject({ title: "Spring" });
      expect(await second.events.firstSight("Ev1", 2)).toBe(false);
      await second.close();
    });

    it("survives the server closing its idle connections", async () => {
      const schema = freshSchema();
      const idleErrors: Error[] = [];
      let sawError: () => void = () => undefined;
      const errored = new Promise<void>((resolve) => {
        sawError = resolve;
      });
      const store = await open(schema, {
        poolSize: 1,
        onIdleError: (error) => {
          idleErrors.push(error);
          sawError();
        },
      });
      await store.events.firstSight("Ev1", 1);
      await admin((client) =>
        client.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'studio-slack-bot' AND pid <> pg_backend_pid()",
        ),
      );
      await errored;
      expect(idleErrors.length).toBeGreaterThan(0);
      expect(await store.events.firstSight("Ev2", 1)).toBe(true);
      await store.close();
    });
  });

  describe("several replicas (a pool each) on one schema", () => {
    const replicas = async (count: number) => {
      const schema = freshSchema();
      const stores: BotStore[] = [];
      for (let index = 0; index < count; index++) stores.push(await open(schema, { poolSize: 5 }));
      return stores;
    };

    it("holds the hourly quota and the daily budget across replicas creating at once", async () => {
      const stores = await replicas(2);
      const hourly = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          stores[index % 2]?.jobs.create(newJob(), { userOutputsPerHour: 7 }, LEASE),
        ),
      );
      expect(hourly.filter((result) => result?.ok)).toHaveLength(7);
      // Other users, one budget: 7 jobs of 10 credits are counted already.
      const daily = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          stores[index % 2]?.jobs.create(newJob({ user: `U${index + 10}` }), { dailyCredits: 150 }, LEASE),
        ),
      );
      expect(daily.filter((result) => result?.ok)).toHaveLength(8);
      for (const store of stores) await store.close();
    });

    it("gives replicas claiming at once different jobs", async () => {
      const [a, b] = await replicas(2);
      if (!a || !b) throw new Error("not opened");
      const now = LEASE.until;
      for (let index = 0; index < 30; index++) {
        await a.jobs.create(newJob({ createdAt: now - 1000 + index }), {}, { owner: "gone", until: now - 1 });
      }
      const claims = await Promise.all(
        ["r1", "r2", "r3", "r4", "r5", "r6"].map((owner, index) =>
          (index % 2 ? a : b).jobs.claim({ owner, until: now + 15_000 }, now, 8),
        ),
      );
      const ids = claims.flat().map((job) => job.id);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
      for (const claim of claims) {
        expect(claim.map((job) => job.createdAt)).toEqual(claim.map((job) => job.createdAt).sort((x, y) => x - y));
      }
      await a.close();
      await b.close();
    });

    it("never lets two replicas' takes of one window pass the maximum", async () => {
      const [a, b] = await replicas(2);
      if (!a || !b) throw new Error("not opened");
      const takes = await Promise.all(
        Array.from({ length: 30 }, (_, index) => (index % 2 ? a : b).windows.take("T1", 1_000, 60_000, 12)),
      );
      expect(takes.filter((take) => take.taken)).toHaveLength(12);
      expect(await b.windows.count("T1", 1_000, 60_000)).toEqual({ used: 12, oldest: 1_000 });
      await a.close();
      await b.close();
    });
  });
});
