import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// Things a successful server action wants the person to know (a save the test gate warned about)
// without changing every action's result type: collected for the duration of the action and
// returned beside its data by defineAction.
const notices = new AsyncLocalStorage<string[]>();

export function collectingNotices<T>(run: () => Promise<T>): Promise<{ value: T; notices: string[] }> {
  const bag: string[] = [];
  return notices.run(bag, async () => ({ value: await run(), notices: bag }));
}

/** Adds a notice to the running action's result; outside an action (REST, CLI) it is dropped. */
export function addActionNotice(text: string): void {
  notices.getStore()?.push(text);
}
