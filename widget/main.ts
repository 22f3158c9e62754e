// widget.js: the embeddable chat (docs/widget.md). Runs on someone else's page, so nothing here may
// throw into it: every failure is caught, reported with console.warn, and the page goes on.

import { publishableTransport } from "./api";
import { Chat } from "./chat";
import { readConfig } from "./config";
import { identityOf, localSessionStore } from "./storage";
import { buildView } from "./view";
import { wire } from "./wire";

function currentScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  return document.querySelector<HTMLScriptElement>('script[src*="widget.js"][data-agent]');
}

function start(script: HTMLScriptElement): void {
  try {
    const config = readConfig(script);
    if (!config) return;
    const view = buildView(config);
    const store = localSessionStore(config.agent, identityOf(config.customerToken));
    const chat = new Chat(view, config.greeting, publishableTransport(config), store);
    wire(config, view, chat);
    if (config.page) view.input.focus();
  } catch (error) {
    console.warn("Focal widget: the chat could not start.", error);
  }
}

const script = currentScript();
if (script) {
  if (document.body) start(script);
  else document.addEventListener("DOMContentLoaded", () => start(script), { once: true });
}
