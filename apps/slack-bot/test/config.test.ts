import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../src/index.js";

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
    expect(readConfig(base)).toEqual({
      slack: { botToken: BOT, signingSecret: SIGNING },
      mode: "http",
      studio: { kind: "sandbox" },
      port: 3000,
      logLevel: "info",
      creditsConfirmThreshold: 50,
    });
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
  ])("refuses %j", (env, expected) => {
    expect(problemsOf({ ...base, ...env })).toEqual([expect.stringContaining(expected)]);
  });

  it("never puts a secret in the error, its message or its JSON", () => {
    const env = {
      SLACK_BOT_TOKEN: "xoxp-SECRET-USER",
      SLACK_SIGNING_SECRET: SIGNING,
      SLACK_APP_TOKEN: "xoxb-SECRET-WRONG",
      STUDIO_API_KEY: KEY,
      STUDIO_BASE_URL: "ftp://SECRET.example.com",
      PORT: "SECRET",
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
    expect(error.problems).toHaveLength(4);
    expect(error.message).toContain("@studio-kit/slack-bot");
    expect(everything).not.toContain("SECRET");
  });
});
