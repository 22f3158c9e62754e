import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute, errorResponse } from "@/lib/server/define-route";
import { clientAddressFrom } from "@/lib/server/request/forwarded-request";
import { createSession } from "@/lib/turns/server/create-session";
import { CreateSessionResponse } from "@/lib/turns/turn-response-schemas";
import { CreateSessionBody } from "@/lib/turns/turn-view";
import { CustomerSessionResponse } from "@/lib/widget/customer-response-schemas";
import { issueSessionToken } from "@/lib/widget/server/session-token";
import { admitWidgetSession } from "@/lib/widget/server/widget-limits";
import { widgetPreflight } from "@/lib/widget/server/widget-preflight";
import { widgetSessionStart } from "@/lib/widget/server/widget-session-start";
import { AgentKeyParams } from "../../../params";

// POST /api/v1/agents/{key}/sessions {customer_id?, continuity_enabled?, environment?} → 201 {session_id}. With a
// publishable key (docs/widget.md): no customer_id (the customer is anonymous, or named by a signed token in
// X-Focal-Customer-Token), only the key's environments, counted per client address and per key; the answer is
// {session_id, session_token, session_token_expires_at, widget: {show_why}}.
export const POST = defineRoute(
  {
    scope: "turns:write",
    publishable: "agent-sessions",
    params: AgentKeyParams,
    body: CreateSessionBody,
    response: { 201: CreateSessionResponse },
    customer: { response: { 201: CustomerSessionResponse } },
  },
  async ({ db, params, body, actor, principal, request, reply, requestId }) => {
    const agent = await requireAgent(db, params.key);
    const widget = resolveAgentSettings(agent.settings).widget;
    if (principal.kind !== "publishable_key") {
      const session = await createSession(db, {
        agent,
        channel: "api",
        customerRef: body.customer_id,
        continuityEnabled: body.continuity_enabled,
        environment: body.environment,
        createdBy: actor.name,
      });
      return reply(201, { session_id: session.id });
    }
    const start = await widgetSessionStart(db, agent, principal, body, request);
    if (!start.ok) return errorResponse(start.status, start.code, start.message, requestId);
    await admitWidgetSession(db, widget, { keyId: principal.id, address: clientAddressFrom(request.headers) });
    const session = await createSession(db, {
      agent,
      channel: "widget",
      customerRef: start.customerRef,
      continuityEnabled: body.continuity_enabled,
      environment: start.environment,
      createdBy: actor.name,
    });
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
