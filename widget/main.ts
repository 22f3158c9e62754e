// widget.js: the embeddable chat (docs/widget.md). Runs on someone else's page, so nothing here may
// throw into it: every failure is caught, reported with console.warn, and the page goes on.

import { Chat } from "./chat";
import { readConfig, type WidgetConfig } from "./config";
import { STRINGS } from "./strings";
import { buildView, type WidgetView } from "./view";

function currentScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  return document.querySelector<HTMLScriptElement>('script[src*="widget.js"][data-agent]');
}

function wire(config: WidgetConfig, view: WidgetView, chat: Chat): void {
  const setOpen = (open: boolean) => {
    view.panel.hidden = !open;
    view.launcher.setAttribute("aria-expanded", String(open));
    view.launcher.setAttribute("aria-label", open ? STRINGS.close : STRINGS.open);
    if (open) {
      // Messages that arrived while the panel was hidden had no height to scroll by.
      view.log.scrollTop = view.log.scrollHeight;
      view.input.focus();
    } else view.launcher.focus();
  };
  view.launcher.addEventListener("click", () => setOpen(view.panel.hidden));
  view.close.addEventListener("click", () => setOpen(false));
  view.panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !config.page) {
      event.preventDefault();
      setOpen(false);
    }
  });
  view.startOver.addEventListener("click", () => {
    chat.startOver();
    view.input.focus();
  });
  const submit = async () => {
    const sent = await chat.send(view.input.value);
    if (sent) view.input.value = "";
    view.input.focus();
  };
  view.form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit();
  });
  view.input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void submit();
    }
  });
  if (config.page) view.input.focus();
}

function start(script: HTMLScriptElement): void {
  try {
    const config = readConfig(script);
    if (!config) return;
    const view = buildView(config);
    wire(config, view, new Chat(config, view));
  } catch (error) {
    console.warn("Focal widget: the chat could not start.", error);
  }
}

const script = currentScript();
if (script) {
  if (document.body) start(script);
  else document.addEventListener("DOMContentLoaded", () => start(script), { once: true });
}
