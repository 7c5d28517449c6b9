import { createStudioClient } from "@studio-kit/core";
import { BrandColorsDocument, BrandDocument } from "@studio-kit/operations";
import { createSandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type BrandColorFacts,
  type BrandFacts,
  brandedPrompt,
  brandProblemText,
  fetchBrand,
  MAX_BRAND_SUMMARY,
  readBrand,
} from "../src/index.js";

// `--brand`'s words: the sandbox's brand as the API answers it, read into the suffix both apps send.

const BASE_URL = "https://api.studio-kit.test";
let acme: { brand: BrandFacts | null; colors: BrandColorFacts[] };
let fetched: Awaited<ReturnType<typeof fetchBrand>>;

beforeAll(async () => {
  const sandbox = createSandbox();
  const server = setupServer(...sandboxHandlers(sandbox, BASE_URL));
  server.listen({ onUnhandledRequest: "error" });
  try {
    const client = createStudioClient({ apiKey: sandbox.keys.readWrite, baseUrl: BASE_URL, retry: false });
    const workspaceId = await client.workspaceId();
    const { brand } = await client.request(BrandDocument, { workspaceId });
    const { brandColors } = await client.request(BrandColorsDocument, { workspaceId });
    acme = { brand, colors: brandColors ?? [] };
    fetched = await fetchBrand(client);
  } finally {
    server.close();
    await sandbox.close();
  }
});

const ACME_SUMMARY =
  "in the style of Acme Outdoor: plain-spoken, warm, quietly confident; colours forest #2F5D3A, clay #C8643B, " +
  "stone #D9D4CC, night #1B1F24; avoid superlatives, exclamation marks, extreme-sports clichés";

describe("fetchBrand", () => {
  it("reads the workspace's brand and colours into the same reading as readBrand over the two answers", () => {
    expect(fetched).toEqual(readBrand(acme.brand, acme.colors));
    expect(fetched.ok).toBe(true);
  });
});

describe("readBrand", () => {
  it("summarises the workspace's brand: its name, its voice's words, its colours and what it avoids", () => {
    const reading = readBrand(acme.brand, acme.colors);
    expect(reading).toMatchObject({ ok: true, summary: ACME_SUMMARY });
    if (!reading.ok) throw new Error("not ok");
    expect(reading.profile).toMatchObject({
      name: "Acme Outdoor",
      tagline: "Made for the long way round",
      tone: ["Plain-spoken", "Warm", "Quietly confident"],
      avoid: ["Superlatives", "Exclamation marks", "Extreme-sports clichés"],
    });
    expect(reading.profile.colours.map((colour) => colour.hex)).toEqual(["#2F5D3A", "#C8643B", "#D9D4CC", "#1B1F24"]);
  });

  it("gives the same words whatever order the colours come in: primary first, text colours last", () => {
    const reversed = readBrand(acme.brand, [...acme.colors].reverse());
    expect(reversed).toMatchObject({ ok: true, summary: ACME_SUMMARY });
  });

  it("takes every section that is not a don't as the tone when the brand has no voice section", () => {
    const reading = readBrand(
      {
        name: "Acme",
        toneOfVoiceSections: [
          { title: "Mood", kind: "STYLE", description: null, values: ["Calm", "Outdoorsy", "calm"] },
          { title: "Never", kind: "Don't", description: null, values: ["Neon"] },
        ],
      },
      [
        { name: "Clay", hex: "c8643b", role: "ACCENT" },
        { name: "Forest", hex: "#2f5d3a", role: "PRIMARY" },
        { hex: "#2F5D3A" },
      ],
    );
    expect(reading).toMatchObject({
      ok: true,
      summary: "in the style of Acme: calm, outdoorsy; colours forest #2F5D3A, clay #C8643B; avoid neon",
    });
  });

  it("stays within its length whatever the brand holds, dropping what matters least first", () => {
    const long = (word: string) => `${word} ${"very ".repeat(20)}long`;
    const reading = readBrand(
      {
        name: `Acme ${"Outdoor ".repeat(20)}`,
        toneOfVoiceSections: [
          {
            title: "Voice",
            kind: "VOICE",
            description: null,
            values: ["one", "two", "three", "four", "five"].map(long),
          },
          { title: "Avoid", kind: "DONT", description: null, values: ["a", "b", "c", "d"].map(long) },
        ],
      },
      Array.from({ length: 12 }, (_, index) => ({
        name: long(`colour${index}`),
        hex: "#123456".replace("6", `${index % 10}`),
      })),
    );
    if (!reading.ok) throw new Error("not ok");
    expect(reading.summary.length).toBeLessThanOrEqual(MAX_BRAND_SUMMARY);
    expect(reading.summary).toMatch(/^in the style of Acme Outdoor .*: one very .*; colours colour0 very/);
    expect(reading.summary).not.toContain("avoid");
    expect(reading.summary).not.toContain("three");
  });

  it("reads a pasted value as one line", () => {
    const reading = readBrand({ name: "Acme\nOutdoor\u0007", toneOfVoiceSections: [] }, []);
    expect(reading).toMatchObject({ ok: true, summary: "in the style of Acme Outdoor" });
  });

  it("is not ok when there is no brand, it is not set up, or it says nothing", () => {
    expect(readBrand(null, [])).toEqual({ ok: false, problem: "missing", profile: null });
    expect(readBrand({ ...acme.brand, isConfigured: false }, acme.colors)).toMatchObject({
      ok: false,
      problem: "not-configured",
      profile: { name: "Acme Outdoor" },
    });
    expect(readBrand({ name: " ", isConfigured: true, toneOfVoiceSections: [] }, [{ hex: "blue" }])).toMatchObject({
      ok: false,
      problem: "empty",
    });
  });
});

describe("brandedPrompt", () => {
  it("adds the summary after the prompt as a clause, or as a sentence after one", () => {
    expect(brandedPrompt("a tent at dawn", "in the style of Acme")).toBe("a tent at dawn, in the style of Acme");
    expect(brandedPrompt("A tent at dawn.", "in the style of Acme")).toBe("A tent at dawn. In the style of Acme");
    expect(brandedPrompt("a tent,", "in the style of Acme")).toBe("a tent, in the style of Acme");
  });
});

describe("brandProblemText", () => {
  it("says why --brand cannot be used and what to do, with the app's invocation", () => {
    expect(brandProblemText({ ok: false, problem: "missing", profile: null }, { invocation: "studio" })).toBe(
      "`--brand` follows the workspace's brand, and this workspace has none yet. Set it up on the platform (its " +
        "brand settings), or run the command without `--brand`. Nothing was generated.",
    );
    const unfinished = readBrand({ ...acme.brand, isConfigured: false }, []);
    if (unfinished.ok) throw new Error("ok");
    expect(brandProblemText(unfinished, { invocation: "/studio" })).toBe(
      "`--brand` follows the workspace's brand, but the workspace's brand (Acme Outdoor) is not set up yet. Finish " +
        "it on the platform (its brand settings; `/studio brand` shows what is there), or run the command without " +
        "`--brand`. Nothing was generated.",
    );
  });
});
