import "server-only";
import { getEnvironment } from "@/db/queries/environments";
import type { AgentRow, DbOrTx } from "@/db/types";
import { PRODUCTION } from "@/lib/environments/environment-schemas";
import { AppError } from "@/lib/server/errors";
import type { PublishableKeyPrincipal } from "@/lib/server/principal";
import { verifyCustomerToken } from "./customer-token";

// What a publishable key's new session may be (docs/widget.md#identified-customers): checked before
// anything is counted or written. The page cannot keep a secret, so it never names the customer
// itself; the company's server vouches for one with a signed token, or the session is anonymous.

const CUSTOMER_TOKEN_HEADER = "x-focal-customer-token";

/** The one answer for an environment the key may not use, whether or not it exists: no list of names leaks. */
const environmentRefused = () =>
  new AppError("VALIDATION", "This key cannot start a session in that environment.", [
    { path: "environment", message: "not an environment this publishable key may start sessions in" },
  ]);

async function keyReaches(db: DbOrTx, agent: AgentRow, key: PublishableKeyPrincipal, name: string): Promise<boolean> {
  if (!key.environments.includes(name)) return false;
  // Listed when the key was made, and perhaps deleted since: as refused as one never listed.
  return name === PRODUCTION || (await getEnvironment(db, agent.id, name)) !== null;
}

export type WidgetSessionStart =
  | { ok: true; customerRef: string | undefined; environment: string }
  | { ok: false; status: 401; code: string; message: string };

export async function widgetSessionStart(
  db: DbOrTx,
  agent: AgentRow,
  key: PublishableKeyPrincipal,
  body: { customer_id?: string; environment?: string },
  request: Request,
): Promise<WidgetSessionStart> {
  if (body.customer_id !== undefined) {
    throw new AppError("VALIDATION", "A publishable key cannot choose the customer.", [
      {
        path: "customer_id",
        message: "a web page may not name the customer; send a token your server signed in X-Focal-Customer-Token",
      },
    ]);
  }
  const environment = body.environment ?? PRODUCTION;
  if (!(await keyReaches(db, agent, key, environment))) throw environmentRefused();
  const token = request.headers.get(CUSTOMER_TOKEN_HEADER);
  if (token === null) return { ok: true, customerRef: undefined, environment };
  const verdict = await verifyCustomerToken(db, agent.id, token);
  if (!verdict.ok) return { ok: false, status: 401, code: verdict.code, message: verdict.message };
  return { ok: true, customerRef: verdict.customerId, environment };
}
