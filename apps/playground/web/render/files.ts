// Files shared in a message: images, video and audio play in the page (`/api/files/<id>` answers the bytes with
// their type); anything else is a named download. https://api.slack.com/types/file

import type { FileView } from "../../src/shared/api.js";
import { h, isSafeUrl, type VNode } from "../dom/vnode.js";

/** A size as people read it: "820 B", "14.2 KB", "3.1 MB". */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function preview(file: FileView, url: string, name: string): VNode {
  const kind = file.mimetype.split("/")[0];
  if (kind === "image")
    return h("img", { "data-testid": "file-image", class: "file-image", src: url, alt: name, loading: "lazy" });
  if (kind === "video") {
    return h("video", {
      "data-testid": "file-video",
      class: "file-video",
      src: url,
      controls: true,
      preload: "metadata",
      "aria-label": name,
    });
  }
  if (kind === "audio") {
    return h("audio", {
      "data-testid": "file-audio",
      class: "file-audio",
      src: url,
      controls: true,
      preload: "metadata",
      "aria-label": name,
    });
  }
  return h("a", { class: "file-download", href: url, download: file.name || undefined }, "Download");
}

/**
 * One shared file: its name and size over a preview (or a download link). The visible label is the file name; the
 * title (for the bot's results, the prompt) is the tooltip and alt text, so a result's files do not repeat the
 * prompt under the result message (the browser test finds the result by its prompt).
 */
export function renderFile(file: FileView): VNode {
  const name = file.title || file.name || "file";
  const url = isSafeUrl(file.url) ? file.url : undefined;
  return h("div", { class: "file", "data-file-id": file.id }, [
    h("div", { class: "file-meta" }, [
      h("span", { class: "file-name", title: name }, file.name || name),
      h("span", { class: "file-size" }, [formatSize(file.size), file.mimetype ? ` · ${file.mimetype}` : ""]),
    ]),
    url ? preview(file, url, name) : h("span", { class: "unsupported" }, "This file cannot be shown."),
  ]);
}

/** The files of a message. */
export function renderFiles(files: readonly FileView[]): VNode | null {
  return files.length ? h("div", { class: "files" }, files.map(renderFile)) : null;
}
