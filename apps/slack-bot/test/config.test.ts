import { resolve } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type Config, ConfigError, describeStore, readConfig } from "../src/index.js";
import type { Limits } from "../src/store/types.js";

const BOT = "xoxb-1111-SECRET-BOT";
const SIGNING = "SECRET-SIGNING-8f742231b10e";
const APP = "xapp-1-SECRET-APP";
const KEY = "sk_SECRET_API_KEY";
const base = { SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SIGNING };

const problemsOf = (env: Record<string, string | undefined>): string[] => {
  try {
    readConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
  throw new Error("expected a ConfigError");
};

describe("readConfig", () => {
  it("uses HTTP mode, the sandbox and the defaults with only the two required variables", () => {
    expect(readConfig(base, { cwd: "/srv/bot" })).toEqual({
      slack: { botToken: BOT, signingSecret: SIGNING },
      mode: "http",
      studio: { kind: "sandbox" },
      port: 3000,
      logLevel: "info",
      creditsConfirmThreshold: 50,
      access: { users: [], groups: [], channels: [] },
      admins: [],
      limits: {},
      store: { kind: "sqlite", path: "/srv/bot/studio-bot.db" },
      jobLeaseMs: 15_000,
      drainMs: 0,
      slackSurface: "agent",
      slackProgress: "stream",
    });
  });

  it("takes STUDIO_SLACK_SURFACE agent (the default, features.agent_view) or assistant, in any case", () => {
    expect(readConfig(base).slackSurface).toBe("agent");
    expect(readConfig({ ...base, STUDIO_SLACK_SURFACE: " " }).slackSurface).toBe("agent");
    expect(readConfig({ ...base, STUDIO_SLACK_SURFACE: "assistant" }).slackSurface).toBe("assistant");
    expect(readConfig({ ...base, STUDIO_SLACK_SURFACE: "Agent" }).slackSurface).toBe("agent");
    expect(problemsOf({ ...base, STUDIO_SLACK_SURFACE: "assistant_view" })).toEqual([
      "STUDIO_SLACK_SURFACE must be agent (the app's manifest has features.agent_view, the default) or assistant (features.assistant_view, for an app installed with the assistant view).",
    ]);
  });

  it("streams progress unless STUDIO_SLACK_PROGRESS is update, and names the two values when it is neither", () => {
    expect(readConfig(base).slackProgress).toBe("stream");
    expect(readConfig({ ...base, STUDIO_SLACK_PROGRESS: "Update" }).slackProgress).toBe("update");
    expect(problemsOf({ ...base, STUDIO_SLACK_PROGRESS: "edit" })).toEqual([
      "STUDIO_SLACK_PROGRESS must be stream (a job asked in a thread shows its phases in a streamed message, the default) or update (progress messages edited with chat.update everywhere).",
    ]);
  });

  it("uses Socket Mode with an app token and the real API with a key and URL", () => {
    const config = readConfig({
      ...base,
      SLACK_APP_TOKEN: APP,
      STUDIO_API_KEY: KEY,
      STUDIO_BASE_URL: "https://api.example.com",
      PORT: "8080",
      LOG_LEVEL: "DEBUG",
      CREDITS_CONFIRM_THRESHOLD: "0",
    });
    expect(config).toMatchObject({
      mode: "socket",
      studio: { kind: "real", apiKey: KEY, baseUrl: "https://api.example.com" },
      port: 8080,
      logLevel: "debug",
      creditsConfirmThreshold: 0,
    });
  });

  it("treats empty values as unset, as a copied .env.example leaves them", () => {
    expect(readConfig({ ...base, SLACK_APP_TOKEN: "", STUDIO_API_KEY: " " })).toMatchObject({
      mode: "http",
      studio: { kind: "sandbox" },
    });
  });

  it("lists every problem at once", () => {
    expect(problemsOf({})).toEqual([
      expect.stringContaining("SLACK_BOT_TOKEN is missing"),
      expect.stringContaining("SLACK_SIGNING_SECRET is missing"),
    ]);
  });

  it.each([
    [{ SLACK_BOT_TOKEN: "xoxp-SECRET-USER" }, "SLACK_BOT_TOKEN must be a bot token starting with xoxb-"],
    [{ SLACK_APP_TOKEN: "xoxb-SECRET-WRONG" }, "SLACK_APP_TOKEN must be an app-level token starting with xapp-"],
    [{ STUDIO_API_KEY: KEY }, "STUDIO_BASE_URL is required when STUDIO_API_KEY is set"],
    [{ STUDIO_BASE_URL: "ftp://SECRET.example.com" }, "STUDIO_BASE_URL must be an http:// or https:// URL"],
    [{ STUDIO_BASE_URL: "not a url SECRET" }, "STUDIO_BASE_URL must be an http:// or https:// URL"],
    [{ PORT: "http" }, "PORT must be a port number"],
    [{ PORT: "70000" }, "PORT must be a port number"],
    [{ PORT: "-1" }, "PORT must be a port number"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of"],
    [{ CREDITS_CONFIRM_THRESHOLD: "-5" }, "CREDITS_CONFIRM_THRESHOLD must be a number"],
    [{ CREDITS_CONFIRM_THRESHOLD: "lots" }, "CREDITS_CONFIRM_THRESHOLD must be a number"],
    [{ SLACK_API_URL: "slack.example.com/api" }, "SLACK_API_URL must be an http:// or https:// URL"],
    [{ STUDIO_ALLOWED_USERS: "U0ALICE @bob" }, "STUDIO_ALLOWED_USERS must list Slack user ids (U... or W...)"],
    [{ STUDIO_ALLOWED_USERS: "u0alice" }, "STUDIO_ALLOWED_USERS must list Slack user ids"],
    [{ STUDIO_ALLOWED_USERS: "C0GENERAL" }, "STUDIO_ALLOWED_USERS must list Slack user ids"],
    [{ STUDIO_ALLOWED_GROUPS: "design-team" }, "STUDIO_ALLOWED_GROUPS must list Slack user group ids (S...)"],
    [
      { STUDIO_ALLOWED_CHANNELS: "#general" },
      "STUDIO_ALLOWED_CHANNELS must list Slack channel ids (C..., G... or D...)",
    ],
    [{ STUDIO_ALLOWED_CHANNELS: "U0ALICE" }, "STUDIO_ALLOWED_CHANNELS must list Slack channel ids"],
    [{ STUDIO_ADMIN_USERS: "U0ALICE carol" }, "STUDIO_ADMIN_USERS must list Slack user ids (U... or W...)"],
    [{ STUDIO_ADMIN_USERS: "S0DESIGN" }, "STUDIO_ADMIN_USERS must list Slack user ids"],
    [{ STUDIO_USER_HOURLY_LIMIT: "0" }, "STUDIO_USER_HOURLY_LIMIT must be a whole number of outputs, 1 or more"],
    [{ STUDIO_USER_HOURLY_LIMIT: "2.5" }, "STUDIO_USER_HOURLY_LIMIT must be a whole number"],
    [{ STUDIO_USER_HOURLY_LIMIT: "ten" }, "STUDIO_USER_HOURLY_LIMIT must be a whole number"],
    [{ STUDIO_USER_HOURLY_LIMIT: "-3" }, "STUDIO_USER_HOURLY_LIMIT must be a whole number"],
    [{ STUDIO_DAILY_CREDIT_BUDGET: "-1" }, "STUDIO_DAILY_CREDIT_BUDGET must be a number of credits, 0 or more"],
    [{ STUDIO_DAILY_CREDIT_BUDGET: "1e3" }, "STUDIO_DAILY_CREDIT_BUDGET must be a number of credits"],
    [{ STUDIO_DAILY_CREDIT_BUDGET: "Infinity" }, "STUDIO_DAILY_CREDIT_BUDGET must be a number of credits"],
    [{ STUDIO_BOT_DB: "/var/lib/studio/" }, "STUDIO_BOT_DB must be the path of a file"],
    [{ STUDIO_BOT_DB: "~/studio.db" }, "STUDIO_BOT_DB cannot start with ~"],
  ])("refuses %j", (env, expected) => {
    expect(problemsOf({ ...base, ...env })).toEqual([expect.stringContaining(expected)]);
  });

  it("reads the access lists separated by commas, spaces or both, without duplicates", () => {
    const config = readConfig({
      ...base,
      STUDIO_ALLOWED_USERS: "U0ALICE, W0GRID  U0BOB,U0ALICE",
      STUDIO_ALLOWED_GROUPS: "S0DESIGN",
      STUDIO_ALLOWED_CHANNELS: "C0GENERAL\tG0PRIVATE,D0DM,",
    });
    expect(config.access).toEqual({
      users: ["U0ALICE", "W0GRID", "U0BOB"],
      groups: ["S0DESIGN"],
      channels: ["C0GENERAL", "G0PRIVATE", "D0DM"],
    });
  });

  it("reads the admins as a user id list like the allowed users, and names none by default", () => {
    expect(readConfig(base).admins).toEqual([]);
    expect(readConfig({ ...base, STUDIO_ADMIN_USERS: "U0ALICE,W0GRID U0ALICE" }).admins).toEqual(["U0ALICE", "W0GRID"]);
    // Being allowed to generate makes no one an admin.
    expect(readConfig({ ...base, STUDIO_ALLOWED_USERS: "U0ALICE" }).admins).toEqual([]);
  });

  it("reads the hourly limit and the daily budget, a budget of 0 included", () => {
    expect(readConfig({ ...base, STUDIO_USER_HOURLY_LIMIT: "20", STUDIO_DAILY_CREDIT_BUDGET: "0" }).limits).toEqual({
      userOutputsPerHour: 20,
      dailyCredits: 0,
    });
    expect(readConfig({ ...base, STUDIO_DAILY_CREDIT_BUDGET: "2500.5" }).limits).toEqual({ dailyCredits: 2500.5 });
  });

  it("resolves a relative STUDIO_BOT_DB against the working directory and keeps absolute paths and :memory:", () => {
    const pathOf = (env: Record<string, string>, cwd?: string) => {
      const { store } = readConfig({ ...base, ...env }, cwd ? { cwd } : {});
      return store.kind === "sqlite" ? store.path : store.kind;
    };
    expect(pathOf({ STUDIO_BOT_DB: "data/bot.db" }, "/srv/bot")).toBe("/srv/bot/data/bot.db");
    expect(pathOf({ STUDIO_BOT_DB: "/var/lib/studio/bot.db" })).toBe("/var/lib/studio/bot.db");
    expect(pathOf({ STUDIO_BOT_DB: ":memory:" })).toBe(":memory:");
    expect(pathOf({})).toBe(resolve(process.cwd(), "studio-bot.db"));
  });

  it("keeps the state in PostgreSQL when DATABASE_URL is set, and describes it without the password", () => {
    const url = "postgres://bot:s3cret-pw@db.internal:5433/studio";
    const config = readConfig({ ...base, DATABASE_URL: url });
    expect(config.store).toEqual({ kind: "postgres", url });
    expect(describeStore(config.store)).toBe("state in PostgreSQL at db.internal:5433/studio (DATABASE_URL)");
    expect(describeStore(config.store)).not.toContain("s3cret-pw");
    expect(describeStore({ kind: "sqlite", path: ":memory:" })).toBe("state in memory only");
  });

  it("refuses a DATABASE_URL that is not PostgreSQL's, or set beside STUDIO_BOT_DB, never repeating it", () => {
    for (const env of [
      { DATABASE_URL: "mysql://bot:s3cret-pw@db/studio" },
      { DATABASE_URL: "postgres://bot:s3cret-pw@db" },
      { DATABASE_URL: "s3cret-pw" },
    ]) {
      const problems = problemsOf({ ...base, ...env });
      expect(problems, JSON.stringify(env)).toEqual([expect.stringMatching(/^DATABASE_URL must be a PostgreSQL/)]);
      expect(problems.join(" ")).not.toContain("s3cret-pw");
    }
    expect(problemsOf({ ...base, DATABASE_URL: "postgres://db/studio", STUDIO_BOT_DB: "bot.db" })).toEqual([
      expect.stringMatching(/both set: unset STUDIO_BOT_DB .* or DATABASE_URL/),
    ]);
  });

  it("takes the job lease in whole seconds from 3 to 300", () => {
    expect(readConfig({ ...base, STUDIO_JOB_LEASE_SECONDS: "30" }).jobLeaseMs).toBe(30_000);
    for (const bad of ["2", "301", "1.5", "ten"]) {
      expect(problemsOf({ ...base, STUDIO_JOB_LEASE_SECONDS: bad })).toEqual([
        expect.stringMatching(/^STUDIO_JOB_LEASE_SECONDS must be a whole number of seconds from 3 to 300/),
      ]);
    }
  });

  it("takes SLACK_API_URL for a local stand-in, ending it with a slash like Slack's own", () => {
    expect(readConfig(base).slack.apiUrl).toBeUndefined();
    expect(readConfig({ ...base, SLACK_API_URL: "http://127.0.0.1:4020/api" }).slack.apiUrl).toBe(
      "http://127.0.0.1:4020/api/",
    );
    expect(readConfig({ ...base, SLACK_API_URL: "https://slack.com/api/" }).slack.apiUrl).toBe(
      "https://slack.com/api/",
    );
  });

  it("treats the new settings left empty, as .env.example leaves them, as unset", () => {
    const config = readConfig(
      {
        ...base,
        SLACK_API_URL: "",
        STUDIO_ALLOWED_USERS: "",
        STUDIO_ALLOWED_GROUPS: " ",
        STUDIO_ALLOWED_CHANNELS: "",
        STUDIO_ADMIN_USERS: "",
        STUDIO_USER_HOURLY_LIMIT: "",
        STUDIO_DAILY_CREDIT_BUDGET: "",
        STUDIO_BOT_DB: "",
      },
      { cwd: "/srv/bot" },
    );
    expect(config).toMatchObject({
      access: { users: [], groups: [], channels: [] },
      admins: [],
      limits: {},
      store: { kind: "sqlite", path: "/srv/bot/studio-bot.db" },
    });
    expect(config.slack.apiUrl).toBeUndefined();
  });

  it("names a bad list entry by its position, never by its value", () => {
    const [problem] = problemsOf({
      ...base,
      STUDIO_ALLOWED_USERS: "U0ALICE alice@example.com U0BOB xoxb-SECRET-TOKEN",
    });
    expect(problem).toContain("entries 2, 4 of 4 are not one");
    expect(problem).not.toContain("alice");
    expect(problem).not.toContain("SECRET");
  });

  it("gives limits in the shape the store's create(job, limits) takes", () => {
    expectTypeOf<Config["limits"]>().toExtend<Limits>();
    expectTypeOf<Limits>().toExtend<Config["limits"]>();
  });

  it("never puts a secret in the error, its message or its JSON", () => {
    const env = {
      SLACK_BOT_TOKEN: "xoxp-SECRET-USER",
      SLACK_SIGNING_SECRET: SIGNING,
      SLACK_APP_TOKEN: "xoxb-SECRET-WRONG",
      STUDIO_API_KEY: KEY,
      STUDIO_BASE_URL: "ftp://SECRET.example.com",
      PORT: "SECRET",
      SLACK_API_URL: "SECRET",
      STUDIO_ALLOWED_USERS: "SECRET",
      STUDIO_ALLOWED_GROUPS: "SECRET-GROUP",
      STUDIO_ALLOWED_CHANNELS: "SECRET",
      STUDIO_ADMIN_USERS: "SECRET-ADMIN",
      STUDIO_USER_HOURLY_LIMIT: "SECRET",
      STUDIO_DAILY_CREDIT_BUDGET: "SECRET",
      STUDIO_BOT_DB: "~SECRET/",
    };
    let caught: unknown;
    try {
      readConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    const everything = [error.message, String(error), JSON.stringify(error), ...error.problems].join("\n");
    expect(error.problems).toHaveLength(13);
    expect(error.message).toContain("@studio-kit/slack-bot");
    expect(everything).not.toContain("SECRET");
  });
});
