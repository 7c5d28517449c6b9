// The playground page's entry (built to dist/web/app.js): a local stand-in for Slack. Everything is in ui/page.ts
// and the modules it connects; this only supplies the browser's fetch, document and storage.

import { createApi } from "./api.js";
import { startPage } from "./ui/page.js";
import { errorText } from "./ui/toast.js";

const api = createApi({ fetch: (input, init) => fetch(input, init) });

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (file://, strict privacy settings): the page still works, it just forgets.
    return undefined;
  }
}

startPage({ doc: document, api, storage: storage() }).catch((error: unknown) => {
  // The workspace could not be read: say so in the page rather than leave it blank.
  const main = document.getElementById("message-list");
  if (main) {
    const note = document.createElement("p");
    note.className = "fatal";
    note.setAttribute("role", "alert");
    note.textContent = `The playground could not start: ${errorText(error)} Reload once the server is running.`;
    main.replaceChildren(note);
  }
});
