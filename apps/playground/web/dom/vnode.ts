// A tiny virtual node: the renderers build plain objects (testable without a DOM), and `mount` turns them into
// elements with createElement / createTextNode only. Text is never parsed as markup: messages carry user text, so
// there is no innerHTML anywhere in the page.

/** An attribute value: a string, or a boolean attribute (true: present, false/undefined: absent). */
export type AttrValue = string | number | boolean | undefined | null;

/** A node: an element, or a string that becomes a text node. */
export type Child = VNode | string;

/** An element to create: tag, attributes, listeners, children, and an optional hook once it exists. */
export interface VNode {
  tag: string;
  attrs: Record<string, AttrValue>;
  children: Child[];
  on?: Record<string, (event: Event) => void>;
  /** Called with the element once created (widgets that need the live element, e.g. an external select). */
  ref?: (element: HTMLElement) => void;
}

/** What `h` accepts as children: nested arrays and empty values are flattened away. */
export type Children = Child | null | undefined | false | Children[];

/** Builds a VNode. Attributes named `on…` are refused here and in `mount`: listeners go in `on`. */
export function h(
  tag: string,
  attrs: Record<string, AttrValue> = {},
  children: Children = [],
  extra: { on?: VNode["on"]; ref?: VNode["ref"] } = {},
): VNode {
  const node: VNode = { tag, attrs, children: flatten(children) };
  if (extra.on) node.on = extra.on;
  if (extra.ref) node.ref = extra.ref;
  return node;
}

function flatten(children: Children): Child[] {
  if (children === null || children === undefined || children === false) return [];
  if (Array.isArray(children)) return children.flatMap(flatten);
  return [children];
}

/** The text a node would show, for tests and for labels (alt text, titles). */
export function textOf(node: Children): string {
  return flatten(node)
    .map((child) => (typeof child === "string" ? child : textOf(child.children)))
    .join("");
}

// http(s) and mailto, plus same-origin paths ("/api/files/F1"): nothing that runs script (javascript:, data:,
// vbscript:) ever reaches an href or src.
const SAFE_URL = /^(https?:\/\/|mailto:|\/(?!\/))/i;

/** Whether a URL may go into an href or src: http, https, mailto, or a same-origin path; no control characters. */
export function isSafeUrl(url: unknown): url is string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return typeof url === "string" && SAFE_URL.test(url.trim()) && !/[\u0000-\u001f\u007f\s]/.test(url.trim());
}

const URL_ATTRS = new Set(["href", "src", "poster", "action", "formaction", "xlink:href"]);

/** The subset of `Document` that `mount` uses, so tests can pass a small fake. */
export interface DocumentLike {
  createElement(tag: string): HTMLElement;
  createTextNode(text: string): Text;
}

/** Creates the DOM for a VNode. Text becomes text nodes; unsafe URLs and `on…` attributes are dropped. */
export function mount(node: Child, doc: DocumentLike): Node {
  if (typeof node === "string") return doc.createTextNode(node);
  const element = doc.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs)) {
    if (value === undefined || value === null || value === false) continue;
    // Defence in depth: the renderers never build these, but a future one must not be able to either.
    if (/^on/i.test(name) || name.toLowerCase() === "srcdoc") continue;
    if (URL_ATTRS.has(name.toLowerCase()) && !isSafeUrl(String(value))) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of node.children) element.appendChild(mount(child, doc));
  for (const [type, listener] of Object.entries(node.on ?? {})) element.addEventListener(type, listener);
  node.ref?.(element);
  return element;
}
