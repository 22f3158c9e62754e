// The panel's controls: open and close, Esc, start over, and sending with Enter (Shift+Enter: a new line).
// Shared by the widget and the console's "Preview as customer", so both behave alike.

import type { Chat } from "./chat";
import type { WidgetConfig } from "./config";
import { STRINGS } from "./strings";
import { showUnread, type WidgetView } from "./view";

export function wire(config: WidgetConfig, view: WidgetView, chat: Chat): void {
  const setOpen = (open: boolean) => {
    view.panel.hidden = !open;
    view.launcher.setAttribute("aria-expanded", String(open));
    view.launcher.setAttribute("aria-label", open ? STRINGS.close : STRINGS.open);
    if (open) {
      showUnread(view, 0);
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
}
