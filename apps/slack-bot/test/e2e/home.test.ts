import { createBoard } from "@studio-kit/core";
import { validateView } from "@studio-kit/slack-sim";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Bot, eventually, sandboxClient, startBot } from "./harness.js";

const USER = "U0ALICE";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

describe("App Home", () => {
  it("publishes the workspace's credits, recent boards and the commands when the Home tab opens", async () => {
    const studio = sandboxClient(bot);
    await createBoard(studio, { title: "Spring Launch" });
    await createBoard(studio, { title: "Autumn <Lookbook>" });
    const opened = await bot.sim.openHome(USER);
    expect(opened.status).toBe(200);
    const home = await eventually(() => {
      const view = bot.sim.home(USER);
      expect(view).toBeDefined();
      return view;
    });
    expect(home?.type).toBe("home");
    expect(validateView(home)).toEqual({ ok: true });
    const all = JSON.stringify(home?.blocks);
    expect(all).toContain("470 credits");
    expect(all).toContain("Spring Launch");
    expect(all).toContain("Autumn &lt;Lookbook&gt;");
    expect(all).toContain("/studio image");
    expect(bot.sim.calls("views.publish")).toHaveLength(1);
    expect(bot.sim.calls("views.publish")[0]?.args.user_id).toBe(USER);
  });

  it("a refused views.publish is logged and the next opening works", async () => {
    bot.sim.failNext("views.publish", { error: "internal_error" });
    await bot.sim.openHome(USER);
    await eventually(() => expect(bot.sim.calls("views.publish")).toHaveLength(1));
    expect(bot.sim.home(USER)).toBeUndefined();
    await bot.sim.openHome(USER);
    await eventually(() => expect(JSON.stringify(bot.sim.home(USER)?.blocks)).toContain("credits"));
  });

  it("a studio API failure still publishes a Home that says what could not be read", async () => {
    await bot.sandbox.close();
    await bot.sim.openHome(USER);
    const home = await eventually(() => {
      const view = bot.sim.home(USER);
      expect(view).toBeDefined();
      return view;
    });
    const all = JSON.stringify(home?.blocks);
    expect(all).toContain("credits could not be read");
    expect(all).toContain("boards could not be read");
    expect(all).toContain("/studio image");
  });
});
