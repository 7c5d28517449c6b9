// The page reads slack-sim's permalinks (chat.getPermalink's answer, in Slack's shape) back into the message they
// name, so "Open the result" jumps inside the page (issue 27, point 15; the jump itself: follow-and-jump-browser).
import { SIM_WORKSPACE } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { parsePermalink } from "../web/ui/permalinks.js";

const base = `https://${SIM_WORKSPACE.teamDomain}.slack.com/archives`;
const known = (id: string) => ["C0GENERAL", "DU0ALICE"].includes(id);

describe("reading a permalink", () => {
  it("reads a channel message's permalink back into its channel and ts", () => {
    expect(parsePermalink(`${base}/C0GENERAL/p1712345678000100`, known)).toEqual({
      channel: "C0GENERAL",
      ts: "1712345678.000100",
    });
  });

  it("reads a reply's thread from thread_ts", () => {
    const href = `${base}/DU0ALICE/p1712345679000200?thread_ts=1712345678.000100&cid=DU0ALICE`;
    expect(parsePermalink(href, known)).toEqual({
      channel: "DU0ALICE",
      ts: "1712345679.000200",
      threadTs: "1712345678.000100",
    });
  });

  it("takes a thread's parent as a message of the channel", () => {
    const href = `${base}/C0GENERAL/p1712345678000100?thread_ts=1712345678.000100&cid=C0GENERAL`;
    expect(parsePermalink(href, known)).toEqual({ channel: "C0GENERAL", ts: "1712345678.000100" });
  });

  it("leaves every other address alone", () => {
    for (const href of [
      `${base}/C0OTHER/p1712345678000100`, // a conversation the page does not have
      "https://example.com/archives/C0GENERAL/p1712345678000100",
      "http://studio-sim.slack.com/archives/C0GENERAL/p1712345678000100",
      `${base}/C0GENERAL/p17`,
      `${base}/C0GENERAL`,
      "/api/files/F1",
      "not a url",
    ]) {
      expect(parsePermalink(href, known), href).toBeUndefined();
    }
  });
});
