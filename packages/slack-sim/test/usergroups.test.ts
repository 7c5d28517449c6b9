import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim, SlackSimError } from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./support/bolt.js";

let sim: SlackSim;
let client: webApi.WebClient;

beforeEach(async () => {
  sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:9/unused" });
  await sim.start();
  client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
});
afterEach(() => sim.close());

describe("user groups", () => {
  it("usergroups.users.list answers the members setUserGroup gave, and the latest definition wins", async () => {
    sim.setUserGroup("S0DESIGN", ["U0ALICE", "U0BOB"]);
    await expect(client.usergroups.users.list({ usergroup: "S0DESIGN" })).resolves.toMatchObject({
      ok: true,
      users: ["U0ALICE", "U0BOB"],
    });
    sim.setUserGroup("S0DESIGN", ["U0BOB"]);
    expect((await client.usergroups.users.list({ usergroup: "S0DESIGN" })).users).toEqual(["U0BOB"]);
  });

  it("answers no_such_subteam for a group nobody defined", async () => {
    const error = await client.usergroups.users.list({ usergroup: "S0NOPE" }).catch((e: unknown) => e);
    expect((error as { data?: { error?: string } }).data?.error).toBe("no_such_subteam");
  });

  it("refuses a group definition that is not a list of user ids", () => {
    expect(() => sim.setUserGroup("S0X", [""])).toThrow(SlackSimError);
  });
});
