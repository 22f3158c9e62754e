// biome-ignore lint/style/noRestrictedImports: reads the newest ledger event to check what one REST write wrote
import { desc } from "drizzle-orm";
import * as profileFieldRoute from "@/app/api/v1/agents/[key]/profile-fields/[entity_key]/route";
import * as profileFieldsRoute from "@/app/api/v1/agents/[key]/profile-fields/route";
import * as ruleRoute from "@/app/api/v1/agents/[key]/rules/[entity_key]/route";
import * as rulesRoute from "@/app/api/v1/agents/[key]/rules/route";
import * as scenarioRoute from "@/app/api/v1/agents/[key]/scenarios/[entity_key]/route";
import * as scenariosRoute from "@/app/api/v1/agents/[key]/scenarios/route";
import * as toolRoute from "@/app/api/v1/agents/[key]/tools/[entity_key]/route";
import * as toolsRoute from "@/app/api/v1/agents/[key]/tools/route";
import * as variableRoute from "@/app/api/v1/agents/[key]/variables/[entity_key]/route";
import * as variablesRoute from "@/app/api/v1/agents/[key]/variables/route";
import type { DatabaseHandle } from "@/db/client";
// biome-ignore lint/style/noRestrictedImports: reads the newest ledger event to check what one REST write wrote
import { ledgerEvents } from "@/db/schema";
import type { ConfigKind } from "@/lib/config-as-code/config-kinds";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { callWithKey, type RouteHandler } from "./route-call";

// The configuration REST routes of every kind, and per kind what its table-driven tests send: a new
// entity under a key of the case's own, an edit, a body the bundle schema refuses and the path it names.

type Entity = Record<string, unknown>;

export interface KindCase {
  kind: ConfigKind;
  /** The CONFIG_CHANGED entity and the answer's field. */
  entity: string;
  /** The key field of the kind's values. */
  keyField: string;
  /** One the demo has. */
  existing: string;
  fresh: (key: string) => Entity;
  edit: (value: Entity) => Entity;
  bad: { body: (value: Entity) => Entity; path: string };
}

const first = (list: readonly Entity[]) => list[0] as Entity;

export const KIND_CASES: KindCase[] = [
  {
    kind: "rules",
    entity: "rule",
    keyField: "key",
    existing: "be-polite",
    fresh: (key) => ({ key, name: "Say hello", condition_text: "The customer greets", action_text: "Greet back" }),
    edit: (value) => ({ ...value, name: "Say hello warmly" }),
    bad: { body: (value) => ({ ...value, priority: 5000 }), path: "priority" },
  },
  {
    kind: "scenarios",
    entity: "scenario",
    keyField: "key",
    existing: "pricing",
    fresh: (key) => ({ ...first(demo.scenarios), key, name: `Copy ${key}`, enabled: false }),
    edit: (value) => ({ ...value, description: "Edited over REST" }),
    bad: { body: (value) => ({ ...value, steps: [] }), path: "steps" },
  },
  {
    kind: "tools",
    entity: "tool",
    keyField: "key",
    existing: "lookup_order",
    fresh: (key) => ({ ...first(demo.tools), key, name: `Copy ${key}` }),
    edit: (value) => ({ ...value, description: "Edited over REST" }),
    bad: { body: (value) => ({ ...value, name: "" }), path: "name" },
  },
  {
    kind: "profile-fields",
    entity: "profile_field",
    keyField: "field_name",
    existing: "country",
    fresh: (key) => ({ field_name: key, display_name: "Probe", description: "A probe", field_type: "string" }),
    edit: (value) => ({ ...value, display_name: "Probe edited" }),
    bad: { body: (value) => ({ ...value, field_type: "colour" }), path: "field_type" },
  },
  {
    kind: "variables",
    entity: "variable",
    keyField: "name",
    existing: "competitor_mentioned",
    fresh: (key) => ({ ...first(demo.variables), name: key }),
    edit: (value) => ({ ...value, description: "Edited over REST" }),
    bad: { body: (value) => ({ ...value, type: "colour" }), path: "type" },
  },
];

const ROUTES: Record<ConfigKind, { list: RouteHandler; create: RouteHandler; one: Record<string, RouteHandler> }> = {
  rules: { list: rulesRoute.GET, create: rulesRoute.POST, one: ruleRoute },
  scenarios: { list: scenariosRoute.GET, create: scenariosRoute.POST, one: scenarioRoute },
  tools: { list: toolsRoute.GET, create: toolsRoute.POST, one: toolRoute },
  "profile-fields": { list: profileFieldsRoute.GET, create: profileFieldsRoute.POST, one: profileFieldRoute },
  variables: { list: variablesRoute.GET, create: variablesRoute.POST, one: variableRoute },
};

/**
 * Calls one kind's routes with an API key: `entityKey` undefined is the collection (GET list, POST),
 * else the entity (GET, PUT, DELETE). `ifMatch` sets If-Match.
 */
export function callConfig(
  kind: ConfigKind,
  method: "GET" | "POST" | "PUT" | "DELETE",
  target: { agent: string; entityKey?: string; apiKey: string; body?: unknown; ifMatch?: string },
): Promise<Response> {
  const { agent, entityKey, apiKey, body, ifMatch } = target;
  const routes = ROUTES[kind];
  const handler = entityKey === undefined ? (method === "GET" ? routes.list : routes.create) : routes.one[method];
  if (!handler) throw new Error(`${kind} has no ${method}`);
  const path = `/api/v1/agents/${agent}/${kind}${entityKey === undefined ? "" : `/${entityKey}`}`;
  const params: Record<string, string> =
    entityKey === undefined ? { key: agent } : { key: agent, entity_key: entityKey };
  return callWithKey(handler, method, path, params, apiKey, body, ifMatch ? { "if-match": ifMatch } : {});
}

export async function lastLedgerEvent(handle: DatabaseHandle) {
  const [event] = await handle.db.select().from(ledgerEvents).orderBy(desc(ledgerEvents.seq)).limit(1);
  return event;
}
