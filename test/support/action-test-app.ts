import { afterAll, beforeAll, beforeEach } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import type { Role } from "@/lib/identity/roles";
import { type DemoAppOptions, startDemoApp } from "./focal-test-app";
import { browserHeaders, requestState } from "./request-headers";

export interface ActionTestApp<R extends Role> {
  readonly handle: DatabaseHandle;
  /** The server actions called next run as the signed-in operator with this role. */
  actAs(role: R): void;
}

/**
 * The hooks every server-action DB test repeats: the demo app with one signed-in operator per role,
 * each test starting as the first role, the database closed at the end. Call it at the top of the
 * file.
 */
export function demoAppForActions<R extends Role>(roles: [R, ...R[]], options: DemoAppOptions = {}): ActionTestApp<R> {
  let handle: DatabaseHandle | undefined;
  let cookies: Record<R, string> | undefined;
  const app: ActionTestApp<R> = {
    get handle() {
      if (!handle) throw new Error("The demo app starts in beforeAll; read app.handle inside a test or hook.");
      return handle;
    },
    actAs(role) {
      if (!cookies) throw new Error("The demo app starts in beforeAll.");
      requestState.headers = browserHeaders({ cookie: cookies[role] });
    },
  };
  beforeAll(async () => {
    ({ handle, cookies } = await startDemoApp(roles, options));
  });
  beforeEach(() => app.actAs(roles[0]));
  afterAll(async () => {
    await handle?.close();
  });
  return app;
}
