// A message box: Enter sends, Shift+Enter starts a new line, the clip button (or the file input itself) shares
// files with whatever was typed as their message. The text stays when sending fails, with the reason under it.

import { errorText } from "./toast.js";

/** The composer's elements (static markup in index.html). */
export interface ComposerElements {
  form: HTMLFormElement;
  textarea: HTMLTextAreaElement;
  /** Absent where files cannot be shared (the assistant pane). */
  fileInput?: HTMLInputElement;
  attach?: HTMLButtonElement;
  error: HTMLElement;
}

export interface Composer {
  /** The label and placeholder ("Message #general"). */
  setLabel(label: string): void;
  focus(): void;
  /** Shares files with the current text (used for drops too). */
  shareFiles(files: readonly File[]): Promise<void>;
}

// The textarea grows with its text up to this height, then scrolls.
const MAX_HEIGHT_PX = 200;

/** Wires a composer. `send` and `upload` reject to keep the text and show why. */
export function createComposer(
  elements: ComposerElements,
  actions: { send(text: string): Promise<void>; upload?(files: readonly File[], text: string): Promise<void> },
): Composer {
  const { form, textarea, fileInput, attach, error } = elements;
  let busy = false;
  const grow = () => {
    textarea.style.height = "auto";
    textarea.style.height = `${Math.min(MAX_HEIGHT_PX, textarea.scrollHeight)}px`;
  };
  const showError = (message: string | null) => {
    error.textContent = message ?? "";
    error.hidden = !message;
  };
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    busy = true;
    form.setAttribute("aria-busy", "true");
    showError(null);
    try {
      await work();
      textarea.value = "";
      grow();
    } catch (failure) {
      showError(errorText(failure));
    } finally {
      busy = false;
      form.removeAttribute("aria-busy");
    }
  };
  const submit = () => {
    const text = textarea.value.trim();
    if (!text) return;
    void run(() => actions.send(text));
  };
  const { upload } = actions;
  const shareFiles = (files: readonly File[]) =>
    files.length && upload ? run(() => upload(files, textarea.value.trim())) : Promise.resolve();

  textarea.addEventListener("keydown", (event) => {
    // isComposing: Enter that confirms an IME composition (Japanese, Chinese…) must not send.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  textarea.addEventListener("input", grow);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  if (fileInput) {
    attach?.addEventListener("click", () => fileInput.click());
    fileInput.addEventListener("change", () => {
      const files = Array.from(fileInput.files ?? []);
      // Cleared first, so choosing the same file again fires `change` again.
      fileInput.value = "";
      void shareFiles(files);
    });
  }

  return {
    setLabel(label) {
      textarea.setAttribute("aria-label", label);
      textarea.placeholder = label;
    },
    focus: () => textarea.focus(),
    shareFiles,
  };
}

/** Makes `target` accept dropped files; `hint` shows while files are dragged over it. */
export function acceptDrops(target: HTMLElement, hint: HTMLElement | null, onFiles: (files: File[]) => void): void {
  let depth = 0;
  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes("Files");
  const show = (on: boolean) => {
    target.classList.toggle("is-drop-target", on);
    if (hint) hint.hidden = !on;
  };
  target.addEventListener("dragenter", (event) => {
    if (!hasFiles(event)) return;
    depth += 1;
    show(true);
  });
  target.addEventListener("dragleave", () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) show(false);
  });
  target.addEventListener("dragover", (event) => {
    if (!hasFiles(event)) return;
    // Without preventDefault the browser refuses the drop (and would open the file instead).
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
  });
  target.addEventListener("drop", (event) => {
    event.preventDefault();
    depth = 0;
    show(false);
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length) onFiles(files);
  });
}
