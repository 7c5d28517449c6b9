import { describe, expect, it } from "vitest";
import { type ConversationInfoApi, conversationKindsFrom } from "../src/services/conversation-kinds.js";

// Whose DM a Workflow Builder step's Channel is (issue 42, point 4), from what Slack answers conversations.info:
// an im's `user` (https://docs.slack.dev/reference/methods/conversations.info), and Slack's error codes otherwise.

/** A Web API error as @slack/web-api throws it: `data.error` is Slack's code. */
const slackError = (code: string) => Object.assign(new Error(code), { data: { ok: false, error: code } });

function client(info: (channel: string) => unknown, ownDm?: string): ConversationInfoApi {
  return {
    conversations: {
      info: async ({ channel }) => {
        const answer = info(channel);
        if (answer instanceof Error) throw answer;
        return answer as Awaited<ReturnType<ConversationInfoApi["conversations"]["info"]>>;
      },
      open: async () => ({ channel: { id: ownDm } }),
    },
  };
}

describe("whose DM a conversation is", () => {
  it("is the im's user as Slack says, and no DM for a channel", async () => {
    const kinds = conversationKindsFrom(
      client((channel) => ({ channel: channel === "D1" ? { is_im: true, user: "U0CAROL" } : { is_channel: true } })),
    );
    expect(await kinds.dmOwner("D1", "U0ALICE")).toEqual({ kind: "dm", user: "U0CAROL" });
    expect(await kinds.dmOwner("C1", "U0ALICE")).toEqual({ kind: "none" });
  });

  it("is unknown when Slack does not answer, so that nothing is posted on a guess", async () => {
    const kinds = conversationKindsFrom(client(() => slackError("internal_error")));
    expect(await kinds.dmOwner("D1", "U0ALICE")).toEqual({ kind: "unknown", error: "internal_error" });
  });

  it("without im:read, tells the person's own DM by opening it, and refuses to guess at another", async () => {
    const kinds = conversationKindsFrom(client(() => slackError("missing_scope"), "D0ALICE"));
    expect(await kinds.dmOwner("D0ALICE", "U0ALICE")).toEqual({ kind: "dm", user: "U0ALICE" });
    expect(await kinds.dmOwner("D0CAROL", "U0ALICE")).toEqual({ kind: "unknown", error: "missing_scope" });
    // A private channel without groups:read answers missing_scope too: it is no DM.
    expect(await kinds.dmOwner("C0PRIVATE", "U0ALICE")).toEqual({ kind: "none" });
  });
});
