// A session's title and status line, and an assistant thread's title and status, are plain strings the bot escapes
// as Slack asks (&amp; &lt; &gt;); Slack shows them decoded. Found trying the playground: the prompt
// "a <b>bold</b> fox" was titled "Image: a &lt;b&gt;bold&lt;/b&gt; fox" on its session, and "<!channel> a poster"
// read "Image: &lt;!channel&gt; a poster". Drawn as text, never as markup.
import { describe, expect, it } from "vitest";
import { textOf, type VNode } from "../web/dom/vnode.js";
import { renderSession } from "../web/render/agent-session.js";
import { renderStatus, statusText, threadTitle } from "../web/render/assistant.js";

const find = (node: VNode, testid: string): VNode[] => [
  ...(node.attrs["data-testid"] === testid ? [node] : []),
  ...node.children.flatMap((child) => (typeof child === "string" ? [] : find(child, testid))),
];

describe("the texts of sessions and assistant threads", () => {
  it("shows a session's title and status line as typed, with Slack's entities decoded, as text", () => {
    const strip = renderSession(
      {
        status: "processing",
        title: "Image: a &lt;b&gt;bold&lt;/b&gt; fox &amp; &lt;!channel&gt;",
        stopButton: true,
        statusLine: "is generating &lt;2&gt; images…",
        loadingMessages: ["Mixing &amp; matching"],
      },
      { botName: "Studio", onStop: () => undefined },
    );
    const [title] = find(strip, "agent-session-title");
    expect(textOf(title ?? [])).toBe("Image: a <b>bold</b> fox & <!channel>");
    expect(title?.attrs.title).toBe("Image: a <b>bold</b> fox & <!channel>");
    // Text children only: the decoded `<b>` is never an element.
    expect(title?.children).toEqual(["Image: a <b>bold</b> fox & <!channel>"]);
    expect(textOf(find(strip, "agent-session-line"))).toBe("Studio is generating <2> images…Mixing & matching");
    expect(find(strip, "agent-session-stop")[0]?.attrs["aria-label"]).toBe(
      "Stop Studio: Image: a <b>bold</b> fox & <!channel>",
    );
  });

  it("decodes each entity once: an escaped entity typed by the person stays as typed", () => {
    // The person typed "&lt;" literally; the bot sent "&amp;lt;".
    const strip = renderSession(
      { status: "active", title: "Image: &amp;lt; is a less-than", stopButton: false },
      {
        botName: "Studio",
      },
    );
    expect(textOf(find(strip, "agent-session-title"))).toBe("Image: &lt; is a less-than");
  });

  it("shows an assistant thread's title and status decoded, and New chat when untitled", () => {
    expect(threadTitle({ title: "Image: &lt;!here&gt; a poster" })).toBe("Image: <!here> a poster");
    expect(threadTitle({ title: "  " })).toBe("New chat");
    expect(threadTitle(undefined)).toBe("New chat");
    expect(statusText("Studio", "is making &quot;x&quot; &amp; more")).toBe("Studio is making &quot;x&quot; & more");
    expect(textOf(renderStatus("Studio", "is working", "Tuning &lt;hues&gt;"))).toBe("Studio is workingTuning <hues>");
  });
});
