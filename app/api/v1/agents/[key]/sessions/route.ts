import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { DRAFT } from "@/lib/environments/environment-schemas";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { createSession } from "@/lib/server/engine-host/create-session";
import { AppError } from "@/lib/server/errors";
import { clientAddressFrom } from "@/lib/server/request/forwarded-request";
import { CreateSessionResponse } from "@/lib/turns/turn-response-schemas";
import { CreateSessionBody } from "@/lib/turns/turn-view";
import { issueSessionToken } from "@/lib/widget/server/session-token";
import { admitWidgetSession } from "@/lib/widget/server/widget-limits";
import { widgetPreflight } from "@/lib/widget/server/widget-preflight";
import { AgentKeyParams } from "../../../params";

// POST /api/v1/agents/{key}/sessions {customer_id?, continuity_enabled?, environment?} → 201 {session_id}; with a
// publishable key (docs/widget.md) also {session_token, session_token_expires_at, widget: {show_why}}, counted per client
// address and per key.
export const POST = defineRoute(
  {
    scope: "turns:write",
    publishable: "agent-sessions",
    params: AgentKeyParams,
    body: CreateSessionBody,
    response: { 201: CreateSessionResponse },
  },
  async ({ db, params, body, actor, principal, request, reply }) => {
    const agent = await requireAgent(db, params.key);
    const widget = resolveAgentSettings(agent.settings).widget;
    if (principal.kind === "publishable_key") {
      // A page's widget talks to customers: the draft's unreleased changes are for people testing them.
      if (body.environment === DRAFT) {
        throw new AppError("VALIDATION", "A publishable key cannot start a session in draft.", [
          { path: "environment", message: "production or a named environment" },
        ]);
      }
      const address = clientAddressFrom(request.headers);
      await admitWidgetSession(db, widget, { keyId: principal.id, address });
    }
    const session = await createSession(db, {
      agent,
      channel: principal.kind === "publishable_key" ? "widget" : "api",
      customerRef: body.customer_id,
      continuityEnabled: body.continuity_enabled,
      environment: body.environment,
      createdBy: actor.name,
    });
    if (principal.kind !== "publishable_key") return reply(201, { session_id: session.id });
    const token = await issueSessionToken(db, { sessionId: session.id, keyId: principal.id });
    return reply(201, {
      session_id: session.id,
      session_token: token.token,
      session_token_expires_at: token.expiresAt.toISOString(),
      widget: { show_why: widget.show_why },
    });
  },
);

// OPTIONS: the CORS preflight of a widget page (docs/widget.md#cors).
export const OPTIONS = widgetPreflight("agent-sessions", "POST");
