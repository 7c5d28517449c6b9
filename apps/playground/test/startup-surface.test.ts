// The start-up lines name every switch that changes how the bot meets the stand-in (README, "The switches": "the
// start-up lines say which is in use"). STUDIO_SLACK_SURFACE=assistant was not named: found starting the playground
// with it, whose lines read exactly as the default agent view's.
import { describe, expect, it } from "vitest";
import { standInSlack } from "../src/server/startup.js";

const REAL = "(set SLACK_BOT_TOKEN + SLACK_SIGNING_SECRET, or SLACK_APP_TOKEN, for real Slack)";

describe("the stand-in's Slack line", () => {
  it("names the assistant view and Socket Mode when set, and neither by default", () => {
    expect(standInSlack({ socket: false, surface: "agent" })).toBe(`the local stand-in, in the page ${REAL}`);
    expect(standInSlack({ socket: false, surface: "assistant" })).toBe(
      `the local stand-in, in the page, with the assistant view (STUDIO_SLACK_SURFACE) ${REAL}`,
    );
    expect(standInSlack({ socket: true, surface: "assistant" })).toBe(
      `the local stand-in, in the page, the bot in Socket Mode (PLAYGROUND_SOCKET_MODE), with the assistant view (STUDIO_SLACK_SURFACE) ${REAL}`,
    );
  });
});
