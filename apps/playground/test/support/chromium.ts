// Debian's Chromium driven by playwright-core, for the page's browser tests: never a browser a test tool
// downloads (.ci/run installs Chromium from apt when absent).
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
// In CI the browser must be there: a skipped browser test would pass without testing anything.
if (process.env.CI && !hasChromium) throw new Error(`No Chromium at ${CHROMIUM}: .ci/run installs it with apt.`);

/** Starts headless Chromium with nothing in the background (no updates, no sync). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Collects the page's console errors and warnings and uncaught errors (the page must have none). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/**
 * Saves a screenshot when PLAYGROUND_SCREENSHOT names a file: at that path, or beside it with `suffix` before
 * `.png` (several tests share the variable).
 */
export async function screenshot(page: Page, suffix = ""): Promise<void> {
  const target = process.env.PLAYGROUND_SCREENSHOT;
  if (!target) return;
  const path = suffix ? target.replace(/\.png$/, `${suffix}.png`) : target;
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
}
