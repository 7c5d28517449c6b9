// The bot's shortcuts as Slack's menus would list them: the manifest's `features.shortcuts`
// (https://docs.slack.dev/reference/app-manifest), handed to slack-sim, which sends only those. The bot declares
// none today, so the composer's shortcut menu and a message's "More actions" offer nothing of it.
import type { ManifestShortcut } from "@studio-kit/slack-sim";

/** The shortcuts a manifest declares (none when it has no `features.shortcuts`); slack-sim checks their fields. */
export function manifestShortcuts(manifest: unknown): ManifestShortcut[] {
  const features = (manifest as { features?: { shortcuts?: unknown } } | null)?.features;
  const declared = features?.shortcuts ?? [];
  if (!Array.isArray(declared)) {
    throw new TypeError("@studio-kit/playground: manifest.json `features.shortcuts` is not a list.");
  }
  return declared as ManifestShortcut[];
}
