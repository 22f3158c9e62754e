import { GET as eventsRoute } from "@/app/api/v1/sessions/[id]/events/route";
import { readSessionEvents, type SessionEvent } from "@/lib/handoffs/session-events";
import { ORIGIN } from "./request-headers";
import { callRoute } from "./response-contract";

/**
 * A channel on GET /api/v1/sessions/{id}/events: `events` fills as they arrive, `until` waits for one
 * that matches. `opened` collects the streams' controllers so a test file aborts them after each test.
 */
export async function connectSessionEvents(
  sessionId: string,
  options: { key: string; opened: AbortController[]; query?: string; headers?: Record<string, string> },
) {
  const controller = new AbortController();
  options.opened.push(controller);
  const response = await callRoute(
    eventsRoute,
    new Request(`${ORIGIN}/api/v1/sessions/${sessionId}/events${options.query ?? ""}`, {
      headers: { authorization: `Bearer ${options.key}`, ...options.headers },
      signal: controller.signal,
    }),
    { id: sessionId },
  );
  const events: SessionEvent[] = [];
  const waiters = new Set<() => void>();
  if (response.status === 200 && response.body) {
    void readSessionEvents(response.body, (event) => {
      events.push(event);
      for (const wake of waiters) wake();
      return undefined;
    }).catch(() => {});
  }
  const until = (match: (event: SessionEvent) => boolean, ms = 5000) =>
    new Promise<SessionEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
      }, ms);
      waiters.add(check);
      check();
    });
  return { response, events, until, close: () => controller.abort() };
}
