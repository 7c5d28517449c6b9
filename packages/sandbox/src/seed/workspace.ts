import type { SandboxCore } from "../core.js";
import { SANDBOX_OTHER_WORKSPACE_ID, SANDBOX_WORKSPACE_ID } from "../keys.js";

/** The two workspaces, the sandbox workspace's brand context and both credit balances. */
export function seedWorkspaces(core: SandboxCore): void {
  const { state } = core;
  state.workspaces.set(SANDBOX_WORKSPACE_ID, { id: SANDBOX_WORKSPACE_ID, name: "Acme Studio" });
  state.workspaces.set(SANDBOX_OTHER_WORKSPACE_ID, { id: SANDBOX_OTHER_WORKSPACE_ID, name: "Globex Creative" });

  const acme = {
    id: "brand_acme",
    workspaceId: SANDBOX_WORKSPACE_ID,
    name: "Acme Outdoor",
    websiteUrl: "https://acme-outdoor.example",
    tagline: "Made for the long way round",
    companyDescription: "Acme Outdoor designs durable, repairable gear for hikers, climbers and city cyclists.",
    industry: "Retail",
    subindustry: "Outdoor equipment",
    isConfigured: true,
    defaultLogoId: "logo_acme_mark",
    defaultFontId: "font_inter",
    markets: ["US", "UK", "DE"],
    playbookBrand: "Lead with durability and repair. Show gear in use, never pristine on white.",
    playbookCreative: "Natural light, earthy palette, people mid-action; avoid stock-photo smiles.",
    playbookPerformance: "Open on the product within two seconds; one message per asset.",
    playbookAnalyst: "Report repair-programme mentions alongside conversion.",
    playbookLocalization: "Metric units outside the US; keep trail names in their local language.",
    toneOfVoiceSections: [
      {
        title: "Voice",
        description: "How we sound everywhere",
        kind: "VOICE",
        values: ["Plain-spoken", "Warm", "Quietly confident"],
      },
      {
        title: "Avoid",
        description: "Words and habits we leave out",
        kind: "DONT",
        values: ["Superlatives", "Exclamation marks", "Extreme-sports clichés"],
      },
      {
        title: "Vocabulary",
        description: "Words we prefer",
        kind: "DO",
        values: ["repair", "trail", "built to last"],
      },
    ],
  };
  state.brands.set(acme.id, acme);
  state.brands.set("brand_acme_kids", {
    ...structuredClone(acme),
    id: "brand_acme_kids",
    name: "Acme Trail Kids",
    tagline: "Small boots, big hills",
    isConfigured: false,
    markets: ["US"],
  });

  for (const [id, name, isConfigured] of [
    ["book_acme_main", "Acme Outdoor brand book 2026", true],
    ["book_acme_kids", "Trail Kids (draft)", false],
  ] as const) {
    state.brandBooks.set(id, { id, workspaceId: SANDBOX_WORKSPACE_ID, name, isConfigured });
  }

  const colors = [
    ["color_forest", "Forest", "#2F5D3A", "Primary", "Backgrounds and headlines", "PRIMARY"],
    ["color_clay", "Clay", "#C8643B", "Primary", "Calls to action", "ACCENT"],
    ["color_stone", "Stone", "#D9D4CC", "Neutrals", "Panels and cards", "NEUTRAL"],
    ["color_night", "Night", "#1B1F24", "Neutrals", "Body text", "TEXT"],
  ] as const;
  for (const [id, name, hex, groupName, usage, role] of colors) {
    state.brandColors.set(id, {
      id,
      workspaceId: SANDBOX_WORKSPACE_ID,
      brandId: "brand_acme",
      name,
      hex,
      groupName,
      usage,
      role,
    });
  }
  state.brandColors.set("color_kids_sun", {
    id: "color_kids_sun",
    workspaceId: SANDBOX_WORKSPACE_ID,
    brandId: "brand_acme_kids",
    name: "Sun",
    hex: "#F2B33D",
    groupName: "Primary",
    usage: "Everything playful",
    role: "PRIMARY",
  });

  const today = core.clock.iso().slice(0, 10);
  state.credits.set(SANDBOX_WORKSPACE_ID, {
    workspaceId: SANDBOX_WORKSPACE_ID,
    balance: 400,
    bonusBalance: 50,
    monthlyBalance: 350,
    monthlyAllocation: 1000,
    isPaidPlan: true,
    dailyFreeLimit: 20,
    dailyFreeUsed: 0,
    dailyFreeDay: today,
    monthlyFreeLimit: 200,
    monthlyFreeUsed: 35,
  });
  state.credits.set(SANDBOX_OTHER_WORKSPACE_ID, {
    workspaceId: SANDBOX_OTHER_WORKSPACE_ID,
    balance: 9999,
    bonusBalance: 0,
    monthlyBalance: 0,
    monthlyAllocation: 0,
    isPaidPlan: true,
    dailyFreeLimit: 0,
    dailyFreeUsed: 0,
    dailyFreeDay: today,
    monthlyFreeLimit: 0,
    monthlyFreeUsed: 0,
  });
}
