import type { ConfigKind } from "@/lib/config-as-code/config-kinds";

// The methods each REST route answers, so a known path asked with another method gets the API's JSON
// error body (405 with Allow) instead of Next.js's empty 405. Paths no route serves are answered 404 by
// app/api/[...path]/route.ts. test/security/request-guard.db.test.ts holds this table to the route files.
// Paths are the app/ folders' names: "[x]" is one segment.

/** Every config-as-code kind has its list and add, and one entity's read, replace and delete. */
const CONFIG_KIND_SEGMENTS = ["rules", "scenarios", "profile-fields", "tools", "variables"] satisfies ConfigKind[];
const configKindMethods = Object.fromEntries(
  CONFIG_KIND_SEGMENTS.flatMap((kind) => [
    [`/api/v1/agents/[key]/${kind}`, ["GET", "POST"]],
    [`/api/v1/agents/[key]/${kind}/[entity_key]`, ["DELETE", "GET", "PUT"]],
  ]),
);

export const API_METHODS: Readonly<Record<string, readonly string[]>> = {
  ...configKindMethods,
  "/api/health": ["GET"],
  "/api/v1/agents/[key]/environments": ["GET", "POST"],
  "/api/v1/agents/[key]/environments/[name]": ["DELETE"],
  "/api/v1/agents/[key]/environments/[name]/comparison": ["GET"],
  "/api/v1/agents/[key]/environments/[name]/promote": ["POST"],
  "/api/v1/agents/[key]/environments/[name]/rollback": ["POST"],
  "/api/v1/agents/[key]/environments/[name]/split": ["PUT"],
  "/api/v1/agents/[key]/environments/[name]/split/end": ["POST"],
  "/api/v1/agents/[key]/export": ["GET"],
  "/api/v1/agents/[key]/identity-secret": ["GET", "POST"],
  "/api/v1/agents/[key]/impact-preview": ["POST"],
  "/api/v1/agents/[key]/replays": ["POST"],
  "/api/v1/agents/[key]/reviews": ["GET"],
  "/api/v1/agents/[key]/routing-check": ["POST"],
  "/api/v1/agents/[key]/credentials/[name]": ["DELETE", "GET", "PUT"],
  "/api/v1/agents/[key]/credentials": ["GET", "POST"],
  "/api/v1/agents/[key]/mcp-servers/[name]/sync": ["POST"],
  "/api/v1/agents/[key]/mcp-servers/[name]": ["DELETE"],
  "/api/v1/agents/[key]/mcp-servers": ["GET", "POST"],
  "/api/v1/agents/[key]/publishable-keys/[id]": ["DELETE"],
  "/api/v1/agents/[key]/publishable-keys": ["GET", "POST"],
  "/api/v1/agents/[key]/sessions": ["POST"],
  "/api/v1/agents/[key]/settings": ["GET", "PUT"],
  "/api/v1/agents/[key]/test-runs": ["GET", "POST"],
  "/api/v1/agents/[key]/tests/[test_key]": ["DELETE", "GET", "PUT"],
  "/api/v1/agents/[key]/tests": ["GET", "POST"],
  "/api/v1/agents/[key]/tools/import-openapi": ["POST"],
  "/api/v1/agents/[key]/usage": ["GET"],
  "/api/v1/agents/[key]/budget": ["GET", "PUT"],
  "/api/v1/agents/[key]/knowledge/files": ["POST"],
  "/api/v1/agents/[key]/knowledge/files/impact-preview": ["POST"],
  "/api/v1/agents/[key]/knowledge/gaps": ["GET"],
  "/api/v1/agents/[key]/knowledge/search": ["GET"],
  "/api/v1/agents/[key]/knowledge/sources/[id]/refresh": ["POST"],
  "/api/v1/agents/[key]/knowledge/sources/[id]": ["DELETE", "GET", "PUT"],
  "/api/v1/agents/[key]/knowledge/sources": ["GET", "POST"],
  "/api/v1/agents/[key]/webhooks/[id]/deliveries": ["GET"],
  "/api/v1/agents/[key]/webhooks/[id]": ["DELETE", "PATCH"],
  "/api/v1/agents/[key]/webhooks": ["GET", "POST"],
  "/api/v1/agents/import": ["POST"],
  "/api/v1/api-keys": ["POST"],
  "/api/v1/approvals": ["GET"],
  "/api/v1/approvals/[id]/approve": ["POST"],
  "/api/v1/approvals/[id]/deny": ["POST"],
  "/api/v1/attention": ["GET"],
  "/api/v1/attention/events": ["GET"],
  "/api/v1/customers/[customer_id]": ["DELETE"],
  "/api/v1/goal-reformulations/validate": ["POST"],
  "/api/v1/handoffs": ["GET"],
  "/api/v1/handoffs/[id]/claim": ["POST"],
  "/api/v1/handoffs/[id]/return": ["POST"],
  "/api/v1/ledger/anchors/latest": ["GET"],
  "/api/v1/ledger/verify": ["GET"],
  "/api/v1/openapi.json": ["GET"],
  "/api/v1/orchestrator/guardrails-status/[loop_id]": ["GET"],
  "/api/v1/orchestrator/loop-complete": ["POST"],
  "/api/v1/orchestrator/override-guardrails/[loop_id]": ["POST"],
  "/api/v1/replays/[id]/cancel": ["POST"],
  "/api/v1/replays/[id]": ["GET"],
  "/api/v1/reviews/[id]/labels": ["POST"],
  "/api/v1/sessions/[id]/goal/reformulations": ["POST"],
  "/api/v1/sessions/[id]/goal/restore": ["POST"],
  "/api/v1/sessions/[id]/handoff": ["POST"],
  "/api/v1/sessions/[id]/messages": ["GET"],
  "/api/v1/sessions/[id]/events": ["GET"],
  "/api/v1/sessions/[id]/operator-messages": ["POST"],
  "/api/v1/sessions/[id]/pii/reveal": ["POST"],
  "/api/v1/sessions/[id]": ["GET"],
  "/api/v1/sessions/[id]/test-proposal": ["GET"],
  "/api/v1/sessions/[id]/turns": ["POST"],
  "/api/v1/test-runs/[id]/cancel": ["POST"],
  "/api/v1/test-runs/[id]": ["GET"],
  "/api/v1/turns/[id]": ["GET"],
};

// Static segments win over "[x]" as in Next.js's router: /api/v1/agents/import is not /agents/[key].
const ROUTES = Object.entries(API_METHODS)
  .map(([path, methods]) => ({ segments: path.split("/").slice(1), methods }))
  .sort((a, b) => staticWeight(b.segments) - staticWeight(a.segments));

function staticWeight(segments: string[]): number {
  return segments.reduce((weight, segment, at) => weight + (segment.startsWith("[") ? 0 : 2 ** (20 - at)), 0);
}

/** The methods the route serving `pathname` answers, or null when no route in the table serves it. */
export function apiMethodsFor(pathname: string): readonly string[] | null {
  const parts = pathname.replace(/\/+$/, "").split("/").slice(1);
  for (const route of ROUTES) {
    if (route.segments.length !== parts.length) continue;
    if (route.segments.every((segment, at) => segment.startsWith("[") || segment === parts[at])) return route.methods;
  }
  return null;
}
