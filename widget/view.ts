// The widget's DOM in its shadow root: a launcher button and a chat panel. Text is always set with
// textContent, never as HTML: replies and operator messages cannot inject markup into the host page.

import type { WidgetConfig } from "./config";
import type { ReplyWhy } from "./storage";
import { STRINGS } from "./strings";
import { widgetCss } from "./styles";

export interface WidgetView {
  root: HTMLElement;
  launcher: HTMLButtonElement;
  /** The count of replies that arrived while the panel was closed, on the launcher. */
  badge: HTMLElement;
  panel: HTMLElement;
  startOver: HTMLButtonElement;
  close: HTMLButtonElement;
  status: HTMLElement;
  log: HTMLElement;
  progress: HTMLElement;
  error: HTMLElement;
  form: HTMLFormElement;
  input: HTMLTextAreaElement;
  send: HTMLButtonElement;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: object = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

/** The widget's DOM, appended to `mount`: the page's body, or the console's preview pane (which must contain fixed positioning). */
export function buildView(config: WidgetConfig, mount: HTMLElement = document.body): WidgetView {
  const host = el("div", { id: "focal-widget" });
  const shadow = host.attachShadow({ mode: "open" });
  const root = el("div", { className: config.page ? "root page" : "root" });
  const title = config.title ?? STRINGS.title;
  // The launcher's label says the count; the badge only shows it.
  const badge = el("span", { className: "badge", hidden: true });
  badge.setAttribute("aria-hidden", "true");
  const launcher = el("button", { type: "button", className: "launcher" }, chatIcon(), badge);
  launcher.setAttribute("aria-label", STRINGS.open);
  launcher.setAttribute("aria-expanded", "false");
  launcher.setAttribute("aria-controls", "focal-panel");
  const heading = el("h2", { id: "focal-title", textContent: title });
  const startOver = el("button", { type: "button", textContent: STRINGS.startOver });
  const close = el("button", { type: "button", className: "close", textContent: "×" });
  close.setAttribute("aria-label", STRINGS.close);
  close.hidden = config.page;
  const status = el("div", { className: "status", hidden: true });
  status.setAttribute("role", "status");
  const log = el("div", { className: "log", tabIndex: 0 });
  log.setAttribute("role", "log");
  log.setAttribute("aria-live", "polite");
  log.setAttribute("aria-label", title);
  const progress = el("div", { className: "progress" });
  progress.setAttribute("role", "status");
  const error = el("div", { className: "error", hidden: true });
  error.setAttribute("role", "alert");
  const inputLabel = el("label", { className: "sr-only", htmlFor: "focal-input", textContent: STRINGS.inputLabel });
  const input = el("textarea", { id: "focal-input", rows: 1, placeholder: STRINGS.placeholder });
  const send = el("button", { type: "submit", textContent: STRINGS.send });
  const form = el("form", {}, inputLabel, input, send);
  const panel = document.createElement("section");
  panel.id = "focal-panel";
  panel.className = "panel";
  panel.hidden = !config.page;
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-labelledby", "focal-title");
  panel.append(el("header", {}, heading, startOver, close), status, log, progress, error, form);
  launcher.hidden = config.page;
  root.append(launcher, panel);
  shadow.append(el("style", { textContent: widgetCss(config.color, config.position) }), root);
  mount.append(host);
  return { root, launcher, badge, panel, startOver, close, status, log, progress, error, form, input, send };
}

/** A speech bubble drawn in SVG: an emoji would depend on the visitor's fonts (a box without one). */
function chatIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "26");
  svg.setAttribute("height", "26");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z");
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

const SVG = "http://www.w3.org/2000/svg";

export type Speaker = "customer" | "agent" | "operator" | "system";

const WHO: Record<Speaker, string> = {
  customer: STRINGS.you,
  agent: STRINGS.assistant,
  operator: STRINGS.specialist,
  system: "",
};

/** Appends one message; the agent's replies may carry the rules that applied and the sources cited ("why this answer"). */
export function appendMessage(view: WidgetView, speaker: Speaker, text: string, why: ReplyWhy | null): HTMLElement {
  const bubble = el("div", { className: `msg ${speaker}` });
  bubble.dataset.speaker = speaker;
  if (speaker !== "system") bubble.append(el("span", { className: "who", textContent: WHO[speaker] }));
  bubble.append(document.createTextNode(text));
  if (why) bubble.append(whyFooter(why));
  view.log.append(bubble);
  view.log.scrollTop = view.log.scrollHeight;
  return bubble;
}

/** A source's address as a link target: http(s) only, so a stored entry can never carry a javascript: URL. */
function safeLink(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

function whyFooter({ rules, sources, links = {} }: ReplyWhy): HTMLElement {
  const details = el("details", { className: "why" }, el("summary", { textContent: STRINGS.whyTitle }));
  const list = (heading: string, items: string[]) =>
    details.append(
      el("p", { textContent: heading }),
      el(
        "ul",
        {},
        ...items.map((item) => {
          const href = safeLink(links[item]);
          if (!href) return el("li", { textContent: item });
          return el("li", {}, el("a", { href, target: "_blank", rel: "noopener noreferrer", textContent: item }));
        }),
      ),
    );
  if (rules.length > 0) list(STRINGS.whyRules, rules);
  if (sources.length > 0) list(STRINGS.whySources, sources);
  if (rules.length === 0 && sources.length === 0) details.append(el("p", { textContent: STRINGS.whyNone }));
  return details;
}

export function showError(view: WidgetView, text: string | null): void {
  view.error.hidden = text === null;
  view.error.textContent = text ?? "";
}

export function showStatus(view: WidgetView, text: string | null): void {
  view.status.hidden = text === null;
  view.status.textContent = text ?? "";
  // The status line takes height from the log: keep the latest message in view.
  view.log.scrollTop = view.log.scrollHeight;
}

/** The replies the customer has not seen: a count on the launcher and in its label; 0 clears both. */
export function showUnread(view: WidgetView, count: number): void {
  view.badge.hidden = count === 0;
  // Past 9 the badge says "9+": two digits and a plus fit its 20 px circle.
  view.badge.textContent = count > 9 ? "9+" : String(count);
  view.badge.dataset.count = String(count);
  const label = view.panel.hidden ? STRINGS.open : STRINGS.close;
  view.launcher.setAttribute("aria-label", count === 0 ? label : `${label}, ${STRINGS.unread(count)}`);
}

export function unreadOf(view: WidgetView): number {
  return Number(view.badge.dataset.count ?? 0);
}
