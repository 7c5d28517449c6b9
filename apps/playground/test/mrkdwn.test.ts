// The page's mrkdwn: Slack's formatting (https://api.slack.com/reference/surfaces/formatting) as plain tokens and
// then nodes, checked without a DOM. Hostile text must stay text: no tag, no script URL, whatever was typed.
import { describe, expect, it } from "vitest";
import { type Child, textOf, type VNode } from "../web/dom/vnode.js";
import type { TextContext } from "../web/render/context.js";
import { formatSlackDate } from "../web/render/dates.js";
import { plainText, renderMrkdwn } from "../web/render/mrkdwn.js";
import { parseInline, parseMrkdwn } from "../web/render/mrkdwn-parse.js";

// 2024-03-05 14:30:00 UTC
const NOW = Date.UTC(2024, 2, 5, 14, 30, 0);
const ctx: TextContext = {
  userName: (id) => ({ U0ALICE: "Alice", U0SIMBOT1: "Studio" })[id],
  channelName: (id) => ({ C0GENERAL: "general" })[id],
  dates: () => ({ now: NOW, timeZone: "UTC" }),
};

/** Every element in a rendered tree. */
function elements(children: Child[]): VNode[] {
  return children.flatMap((child) => (typeof child === "string" ? [] : [child, ...elements(child.children)]));
}
const tags = (children: Child[]) => elements(children).map((node) => node.tag);
const render = (text: string) => renderMrkdwn(text, ctx);

describe("parsing mrkdwn", () => {
  it("reads bold, italic, strike and inline code, nested", () => {
    expect(parseInline("*bold _both_* and ~gone~ `x*y*`")).toEqual([
      {
        type: "bold",
        children: [
          { type: "text", text: "bold " },
          { type: "italic", children: [{ type: "text", text: "both" }] },
        ],
      },
      { type: "text", text: " and " },
      { type: "strike", children: [{ type: "text", text: "gone" }] },
      { type: "text", text: " " },
      { type: "code", text: "x*y*" },
    ]);
  });

  it("leaves marks inside words and unmatched marks as text", () => {
    expect(parseInline("snake_case_name 2*3*4 * lone")).toEqual([
      { type: "text", text: "snake_case_name 2*3*4 * lone" },
    ]);
  });

  it("reads code blocks, whose content is never formatted", () => {
    expect(parseMrkdwn("before\n```*not bold* <@U1>```\nafter")).toEqual([
      { type: "text", text: "before" },
      { type: "pre", text: "*not bold* <@U1>" },
      { type: "text", text: "after" },
    ]);
  });

  it("reads quoted lines, escaped as Slack sends them or raw", () => {
    expect(parseMrkdwn("intro\n&gt; one\n> two\nafter")).toEqual([
      { type: "text", text: "intro" },
      { type: "quote", children: [{ type: "text", text: "one" }, { type: "br" }, { type: "text", text: "two" }] },
      { type: "text", text: "after" },
    ]);
  });

  it("reads mentions, channels, groups, dates and links inside <…>", () => {
    expect(
      parseInline("<@U0ALICE> <#C0GENERAL|general> <!subteam^S0DESIGN> <!here> <https://x.test/a?b=1&amp;c=2|see>"),
    ).toEqual([
      { type: "user", id: "U0ALICE" },
      { type: "text", text: " " },
      { type: "channel", id: "C0GENERAL", label: "general" },
      { type: "text", text: " " },
      { type: "subteam", id: "S0DESIGN" },
      { type: "text", text: " " },
      { type: "special", name: "here" },
      { type: "text", text: " " },
      { type: "link", url: "https://x.test/a?b=1&c=2", label: "see" },
    ]);
    expect(parseInline("<!date^1709649000^{date_short_pretty} at {time}|2024-03-05T14:30:00Z>")).toEqual([
      { type: "date", epoch: 1709649000, format: "{date_short_pretty} at {time}", fallback: "2024-03-05T14:30:00Z" },
    ]);
  });

  it("decodes entities in text only after finding the <…> tokens", () => {
    expect(parseInline("&lt;@U0ALICE&gt; &amp;lt;")).toEqual([{ type: "text", text: "<@U0ALICE> &lt;" }]);
  });
});

describe("rendering mrkdwn", () => {
  it("turns formatting into elements and names into readable mentions", () => {
    const nodes = render("*Done* for <@U0ALICE> in <#C0GENERAL> by <@U0SIMBOT1>");
    expect(tags(nodes)).toEqual(["strong", "span", "span", "span"]);
    expect(textOf(nodes)).toBe("Done for @Alice in #general by @Studio");
  });

  it("names unknown people by the label Slack gave, else by id, and groups by their id", () => {
    expect(textOf(render("<@U9|zed> <@U8> <!subteam^S0DESIGN|@design-team> <!subteam^S1>"))).toBe(
      "@zed @U8 @design-team @S1",
    );
  });

  it("renders known emoji as Unicode and leaves unknown ones as text", () => {
    expect(textOf(render(":hourglass_flowing_sand: :sparkles: :white_check_mark: :no_such_emoji:"))).toBe(
      "⏳ ✨ ✅ :no_such_emoji:",
    );
    expect(plainText("New :art:")).toBe("New 🎨");
    expect(plainText("New :art:", false)).toBe("New :art:");
  });

  it("renders inline code word by word, so a flag such as --from moves to the next line whole", () => {
    const [code] = elements(render("for `/studio lipsync --video` or `img_1`")).filter((node) => node.tag === "code");
    expect(code?.children).toEqual([
      { tag: "span", attrs: { class: "code-word" }, children: ["/studio"] },
      " ",
      { tag: "span", attrs: { class: "code-word" }, children: ["lipsync"] },
      " ",
      { tag: "span", attrs: { class: "code-word" }, children: ["--video"] },
    ]);
    // What is read and copied is unchanged.
    expect(textOf(render("for `/studio lipsync --video` or `img_1`"))).toBe("for /studio lipsync --video or img_1");
  });

  it("renders code blocks and quotes as blocks", () => {
    expect(tags(render("> quoted *bold*\n```a\nb```"))).toEqual(["blockquote", "strong", "pre"]);
  });

  it("renders http, https and mailto links to a new tab without an opener", () => {
    const [a] = elements(render("<https://example.com/x|the site>"));
    expect(a).toMatchObject({
      tag: "a",
      attrs: { href: "https://example.com/x", target: "_blank", rel: "noopener noreferrer" },
      children: ["the site"],
    });
    expect(elements(render("<mailto:a@b.test>"))[0]?.attrs.href).toBe("mailto:a@b.test");
    expect(textOf(render("<mailto:a@b.test>"))).toBe("a@b.test");
  });

  it("formats dates in the reader's zone, falling back to the text Slack gave", () => {
    expect(textOf(render("<!date^1709649000^{date_short_pretty} at {time}|fallback>"))).toBe("today at 2:30 PM");
    expect(textOf(render("<!date^1709476200^{date_short_pretty}|x>"))).toBe("Mar 3, 2024");
    expect(textOf(render("<!date^nope^{date}|the fallback>"))).toBe("the fallback");
    expect(formatSlackDate(1709649000, "{date_num} {date_long} {time_secs}", { now: NOW, timeZone: "UTC" })).toBe(
      "2024-03-05 Tuesday, March 5th, 2024 2:30:00 PM",
    );
    expect(formatSlackDate(1709562600, "{date_pretty}", { now: NOW, timeZone: "UTC" })).toBe("yesterday");
    expect(formatSlackDate(1709649000 - 180, "{ago}", { now: NOW, timeZone: "UTC" })).toBe("3 minutes ago");
  });
});

describe("hostile text", () => {
  const ALLOWED = new Set(["strong", "em", "s", "code", "pre", "blockquote", "br", "span", "a", "time"]);
  const HOSTILE = [
    "<script>alert(1)</script>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    '<img src=x onerror="alert(1)">',
    "&lt;img src=x onerror=alert(1)&gt;",
    "<javascript:alert(1)|click me>",
    "<JavaScript:alert(1)>",
    "< javascript:alert(1)|x>",
    "<data:text/html;base64,PHNjcmlwdD4=|data>",
    "<vbscript:msgbox(1)|vb>",
    "<https://ok.test\u0000javascript:alert(1)|nul>",
    "<!date^1^{date}^javascript:alert(1)|x>",
    "*<svg onload=alert(1)>*",
    "```<iframe srcdoc='<script>'>```",
    "<//evil.test|protocol-relative>",
    "</api/files/F1|same-origin path>",
  ];

  it.each(HOSTILE)("keeps %j as text: only the renderer's own tags, no script URL", (text) => {
    const nodes = render(text);
    for (const node of elements(nodes)) {
      expect(ALLOWED.has(node.tag)).toBe(true);
      for (const [name, value] of Object.entries(node.attrs)) {
        expect(name.toLowerCase().startsWith("on")).toBe(false);
        if (name === "href") expect(String(value)).toMatch(/^(https?:\/\/|mailto:)/i);
      }
    }
    expect(elements(nodes).filter((node) => node.tag === "a")).toEqual([]);
  });

  it("shows escaped markup as the characters that were typed", () => {
    expect(textOf(render("&lt;script&gt;alert(1)&lt;/script&gt;"))).toBe("<script>alert(1)</script>");
    expect(textOf(render("<script>"))).toBe("<script>");
    expect(textOf(render("<javascript:alert(1)|click me>"))).toBe("click me");
  });
});
