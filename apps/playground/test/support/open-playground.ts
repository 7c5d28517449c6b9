// The start-up every Chromium test shares: the playground in this process on a free port, as `pnpm start` runs it,
// Debian's Chromium (support/chromium.ts) and one page on it, loaded and ready.
import type { Browser, Page } from "playwright-core";
import { type Playground, type PlaygroundOptions, startPlayground } from "../../src/server/index.js";
import { collectConsoleErrors, launchChromium } from "./chromium.js";

export interface OpenPlaygroundOptions {
  /** startPlayground's options (`jobMs`, `env`, ...); `port` is 0 (a free port) unless given. */
  playground?: PlaygroundOptions;
  /** The page's window; default 1440 × 900. */
  viewport?: { width: number; height: number };
  /** Runs once the playground is up and before Chromium starts: to put things in its sandbox, say. */
  beforeOpen?: (playground: Playground) => Promise<void>;
  /** Waits until the loaded page is ready for the test; default: until the channel list is drawn. */
  ready?: (page: Page) => Promise<void>;
}

/** A started playground with Chromium showing its page. */
export interface OpenPlayground {
  playground: Playground;
  /** The page's address (the playground's `url`). */
  url: string;
  browser: Browser;
  page: Page;
  /** The page's console errors and warnings and uncaught errors, collected from before it loaded. */
  consoleErrors: string[];
  /** Closes Chromium, then the playground. */
  close(): Promise<void>;
}

/**
 * Starts the playground, launches Chromium, opens a page on the playground and waits until it is ready. When a step
 * fails, what was started is closed before the error is thrown, so a suite's `afterAll` has nothing to clean up.
 *
 * ```ts
 * let opened: OpenPlayground | undefined;
 * beforeAll(async () => {
 *   opened = await openPlayground({ playground: { jobMs: 1500, env: {} } });
 * }, 60_000);
 * afterAll(() => opened?.close());
 * ```
 */
export async function openPlayground(options: OpenPlaygroundOptions = {}): Promise<OpenPlayground> {
  const playground = await startPlayground({ port: 0, ...options.playground });
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await playground.close();
  };
  try {
    await options.beforeOpen?.(playground);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: options.viewport ?? { width: 1440, height: 900 } });
    const consoleErrors = collectConsoleErrors(page);
    await page.goto(playground.url);
    await (options.ready ?? channelListDrawn)(page);
    return { playground, url: playground.url, browser, page, consoleErrors, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

const channelListDrawn = (page: Page): Promise<void> => page.getByTestId("channel-list").waitFor();
