// Short notes at the bottom of the page ("Could not send: …"), gone after a few seconds. Text only.

/** Shows notes in `root` (an aria-live region). */
export function createToasts(
  root: HTMLElement,
  lifetimeMs = 6000,
): { show(text: string, kind?: "error" | "info"): void } {
  return {
    show(text, kind = "error") {
      const note = root.ownerDocument.createElement("div");
      note.className = `toast toast-${kind}`;
      note.textContent = text;
      root.append(note);
      // Keep the last few only: a burst of failures must not cover the page.
      while (root.childElementCount > 3) root.firstElementChild?.remove();
      setTimeout(() => note.remove(), lifetimeMs);
    },
  };
}

/** The text to show for an error: the server's message when it sent one. */
export function errorText(error: unknown): string {
  if (error && typeof error === "object" && "detail" in error && typeof error.detail === "string") return error.detail;
  return error instanceof Error ? error.message : String(error);
}
