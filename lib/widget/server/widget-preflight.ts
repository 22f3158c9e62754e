import "server-only";
import { getAgentByKey } from "@/db/queries/agents";
import { getSession } from "@/db/queries/conversations";
import { livePublishableKeysOfAgent } from "@/db/queries/publishable-keys";
import type { DbOrTx } from "@/db/types";
import { PUBLISHABLE_KEY_HEADERS, type PublishableRoute } from "@/lib/server/auth/publishable-key-auth";
import { getDb } from "@/lib/server/db";
import { loggableError } from "@/lib/server/loggable-error";

// A browser's CORS preflight carries no Authorization, so the key is unknown: the Origin is allowed
// when any live publishable key of the agent the path names lists it. The preflight only lets the
// browser send the request; the request itself is checked against its own key's origins.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Browsers cache an allowed preflight this long (Chromium caps at 7,200 s); 10 minutes lets a revoked
// origin stop being preflighted soon after.
const MAX_AGE_SECONDS = 600;

async function agentIdOf(db: DbOrTx, route: PublishableRoute, params: Record<string, string>): Promise<string | null> {
  if (route === "agent-sessions") {
    const key = params.key ?? "";
    return key.length > 0 && key.length <= 64 ? ((await getAgentByKey(db, key))?.id ?? null) : null;
  }
  const id = params.id ?? "";
  return UUID.test(id) ? ((await getSession(db, id))?.agentId ?? null) : null;
}

async function originAllowed(route: PublishableRoute, params: Record<string, string>, origin: string) {
  try {
    const db = await getDb();
    const agentId = await agentIdOf(db, route, params);
    if (!agentId) return false;
    const keys = await livePublishableKeysOfAgent(db, agentId);
    return keys.some((key) => key.allowedOrigins.includes(origin.toLowerCase()));
  } catch (error) {
    // A fault answers "not allowed": the browser does not send the request, and retries later.
    console.warn("[widget preflight] refused for a fault", loggableError(error));
    return false;
  }
}

/** The OPTIONS handler of a widget route: 204, with Access-Control-Allow-Origin only for an allowed Origin. */
export function widgetPreflight(route: PublishableRoute, methods: string) {
  return async (request: Request, segment?: { params?: Promise<Record<string, string>> }) => {
    const headers = new Headers({ vary: "Origin" });
    const origin = request.headers.get("origin");
    const params = (await segment?.params) ?? {};
    if (origin && (await originAllowed(route, params, origin))) {
      headers.set("access-control-allow-origin", origin);
      headers.set("access-control-allow-methods", `${methods}, OPTIONS`);
      headers.set("access-control-allow-headers", PUBLISHABLE_KEY_HEADERS.allowHeaders);
      headers.set("access-control-max-age", String(MAX_AGE_SECONDS));
    }
    return new Response(null, { status: 204, headers });
  };
}
