import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { insertApproval } from "@/db/queries/approvals";
import { operatorIdByEmail } from "@/db/queries/identity";
import { insertJobRun } from "@/db/queries/job-runs";
import { insertMcpServerRow } from "@/db/queries/mcp-servers";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { createCredential } from "@/lib/credentials/server/credential-bindings";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { STORE_POLICIES, withStorePolicies } from "@/lib/engine/testing/store-policies";
import { createEnvironment } from "@/lib/environments/server/environment-config";
import { requestOperatorHandoff } from "@/lib/handoffs/server/operator-actions";
import { createKnowledgeSource, listKnowledgeSources } from "@/lib/knowledge/server/knowledge-sources";
import { setAgentGrant } from "@/lib/server/access/set-agent-grant";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { backgroundJobsSettled } from "@/lib/server/jobs/background-jobs";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { createWebhook } from "@/lib/webhooks/server/webhook-config";
import { fileEnv } from "@/test/support/file-env";
import { enumerateActions, enumerateRoutes, type FoundRoute } from "../support/enumerate-endpoints";
import { saveNewVersion } from "../support/environment-helpers";
import { addOperator, demoWithTestsGate, signIn, startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey, REFERENCE_LOOP_COMPLETE, REFERENCE_OVERRIDE, REFERENCE_REFLECTION } from "../support/loop-api";
import { browserHeaders, HOST, ORIGIN, requestState } from "../support/request-headers";
import { encodedBody } from "../support/route-call";

// Access per agent (docs/access-control.md): an operator granted operator on the demo agent only, and
// a key limited to it with every scope but admin, call every route and every server action against
// a second agent's resources. Each must answer as if that agent did not exist: 404 / NOT_FOUND. The
// same call with an unlimited admin key or session must not be a 404, so the fixture is real. A new
// route or action that names an agent fails here until it is covered (and refuses out-of-grant agents).

const OTHER = "other-desk";
const LOOP = "loop_other_desk";
// Every scope a limited key may hold (admin reaches every agent and cannot be limited).
const ALL_BUT_ADMIN = [
  "agents:read",
  "agents:write",
  "config:read",
  "config:write",
  "turns:write",
  "traces:read",
  "ledger:read",
  "loops:read",
  "loops:write",
  "loops:override",
  "goals:write",
  "handoffs:read",
  "handoffs:write",
  "credentials:write",
  "budgets:write",
] as const;

// Routes that name no agent, with what a limited principal gets from them.
const NOT_AGENT_ROUTES: Record<string, { status: number; why: string }> = {
  "/api/health": { status: 200, why: "public probe" },
  "/api/[...path]": { status: 404, why: "the JSON 404 for paths no route serves" },
  "/api/auth/[...all]": { status: 0, why: "better-auth's sign-in, no agent" },
  "/api/v1/openapi.json": { status: 200, why: "public document" },
  "/api/v1/customers/[customer_id]": { status: 403, why: "admin scope: every agent" },
  "/api/v1/api-keys": { status: 403, why: "admin scope" },
  "/api/v1/agents/[key]/publishable-keys": { status: 403, why: "admin scope: admins reach every agent" },
  "/api/v1/agents/[key]/publishable-keys/[id]": { status: 403, why: "admin scope: admins reach every agent" },
  "/api/v1/agents/[key]/identity-secret": { status: 403, why: "admin scope: admins reach every agent" },
  "/api/v1/agents/import": { status: 403, why: "creating agents needs every agent" },
  "/api/v1/ledger/verify": { status: 200, why: "instance-wide chain verdict: counts, no keys" },
  "/api/v1/ledger/anchors/latest": { status: 404, why: "instance-wide anchor hash (none made yet here)" },
  "/api/v1/goal-reformulations/validate": { status: 200, why: "pure check of a candidate, no session" },
  "/api/v1/handoffs": { status: 200, why: "lists the handoffs of the grant's agents only" },
  "/api/v1/approvals": { status: 200, why: "lists the approvals of the grant's agents only" },
  "/api/v1/attention": { status: 200, why: "counts the handoffs and approvals of the grant's agents only" },
  "/api/v1/attention/events": { status: 200, why: "streams the counts of the grant's agents only" },
  "/api/v1/sessions/[id]/pii/reveal": {
    status: 403,
    why: "pii:read is an admin's scope; a key holding it still reaches only its agents",
  },
};

// Writes whose scope needs the admin role (credentials:write, budgets:write): a limited operator (never an admin, an
// admin role is only ever global) is refused for the role before any agent is looked up, so the 403
// tells nothing about the agent; a limited key holding the scope still gets the 404.
const ADMIN_ROLE_WRITES = new Set([
  "POST /api/v1/agents/[key]/credentials",
  "PUT /api/v1/agents/[key]/credentials/[name]",
  "DELETE /api/v1/agents/[key]/credentials/[name]",
  "POST /api/v1/agents/[key]/mcp-servers",
  "DELETE /api/v1/agents/[key]/mcp-servers/[name]",
  "PUT /api/v1/agents/[key]/budget",
]);

// Actions that name no agent: admin-only ones, testers of text, the ledger verdict.
const NOT_AGENT_ACTIONS = new Set([
  "createApiKey",
  "revokeApiKey",
  "createPublishableKey",
  "revokePublishableKey",
  "rotateIdentitySecret",
  "changeOperatorRole",
  "createOperator",
  "setAgentGrant",
  "setOperatorDisabled",
  "checkFieldValue",
  "checkVariable",
  "validateGoalReformulation",
  "verifyLedger",
]);

const CANDIDATE = {
  reformulated: "What happened in top 5 cryptocurrency markets in the past 24 hours?",
  type: "scope_narrowing",
  confidence: 0.92,
  evidence: [{ id: "market-availability", text: "Market availability data shows only top 5 have reliable feeds" }],
};

// Configuration entities over REST (docs/config-as-code.md), each one something refers to: an admin's
// DELETE is a 409 that writes nothing, a PUT of it as it is changes nothing, a POST adds a copy.
const CONFIG_ENTITIES: Record<string, Record<string, unknown> | undefined> = {
  rules: demo.rules.find((r) => r.key === "max-refund"),
  scenarios: demo.scenarios.find((s) => s.key === "refund"),
  tools: demo.tools.find((t) => t.key === "lookup_order"),
  "profile-fields": demo.profile_fields.find((f) => f.field_name === "order_id"),
  variables: demo.variables.find((v) => v.name === "refund_amount"),
};
const keyFieldOf = (value: Record<string, unknown>) => ["key", "field_name", "name"].find((f) => f in value) ?? "key";
const configEntityKey = (urlPath: string) => {
  const value = CONFIG_ENTITIES[urlPath.split("/")[5] ?? ""] ?? {};
  return String(value[keyFieldOf(value)]);
};

const VALID_BODY: Record<string, unknown> = {
  ...Object.fromEntries(
    Object.entries(CONFIG_ENTITIES).flatMap(([kind, value = {}]) => [
      [`/api/v1/agents/[key]/${kind}/[entity_key]`, value],
      [`/api/v1/agents/[key]/${kind}`, { ...value, [keyFieldOf(value)]: `copy_${kind.replace("-", "_")}` }],
    ]),
  ),
  // As the second agent has them (its tests gate off), so that an admin's PUT changes nothing.
  "/api/v1/agents/[key]/settings": demoWithTestsGate("off").agent.settings,
  "/api/v1/agents/[key]/sessions": { customer_id: "customer-1" },
  "/api/v1/agents/[key]/replays": { mode: "frozen", sessions: { limit: 5 } },
  "/api/v1/agents/[key]/tests": { key: "probe", name: "Probe", turns: [{ message: "hello" }] },
  "/api/v1/agents/[key]/tests/[test_key]": { key: demo.tests[0]?.key, name: "Probe", turns: [{ message: "hello" }] },
  "/api/v1/agents/[key]/test-runs": { mode: "frozen", k: 1 },
  "/api/v1/agents/[key]/webhooks": { url: "https://93.184.216.34/hook", events: ["handoff.requested"], enabled: false },
  "/api/v1/agents/[key]/webhooks/[id]": { enabled: false },
  "/api/v1/agents/[key]/tools/import-openapi": {
    document: '{"openapi":"3.0.3","info":{"title":"Probe","version":"1"},"paths":{}}',
    operations: [],
    dry_run: true,
  },
  "/api/v1/agents/[key]/credentials": { name: "probe-new", kind: "bearer", token: "probe-token" },
  "/api/v1/agents/[key]/credentials/[name]": { kind: "bearer", token: "probe-token-2" },
  "/api/v1/agents/[key]/mcp-servers": { name: "probe-new", url: "http://127.0.0.1:9/mcp" },
  "/api/v1/agents/[key]/mcp-servers/[name]/sync": { dry_run: true },
  "/api/v1/agents/[key]/budget": { daily_usd: 5, monthly_usd: null, action: "notify" },
  "/api/v1/agents/[key]/knowledge/files": {
    title: "Probe",
    kind: "text",
    file: new File(["Probe text."], "probe.txt", { type: "text/plain" }),
  },
  "/api/v1/agents/[key]/knowledge/files/impact-preview": {
    title: "Probe",
    kind: "text",
    expected_config_version: "1",
    file: new File(["Probe text."], "probe.txt", { type: "text/plain" }),
  },
  "/api/v1/agents/[key]/knowledge/sources": { title: "Probe", kind: "text", content: "Probe text." },
  "/api/v1/agents/[key]/knowledge/sources/[id]": STORE_POLICIES,
  "/api/v1/agents/[key]/environments": { name: "staging" },
  "/api/v1/agents/[key]/environments/[name]/promote": { config_version: 1 },
  "/api/v1/agents/[key]/environments/[name]/split": {
    arms: [
      { config_version: 1, percent: 50 },
      { config_version: 2, percent: 50 },
    ],
  },
  "/api/v1/agents/[key]/environments/[name]/split/end": { keep: 1 },
  "/api/v1/sessions/[id]/turns": { message: "I want my money back" },
  "/api/v1/reviews/[id]/labels": { resolved: true, note: "", turns: [] },
  "/api/v1/sessions/[id]/goal/reformulations": CANDIDATE,
  "/api/v1/sessions/[id]/handoff": { reason: "probe" },
  "/api/v1/sessions/[id]/operator-messages": { text: "probe" },
  "/api/v1/handoffs/[id]/return": { note: "probe" },
  "/api/v1/approvals/[id]/approve": { reason: "probe" },
  "/api/v1/approvals/[id]/deny": { reason: "probe" },
  "/api/v1/goal-reformulations/validate": { original: "What happened in crypto markets today?", ...CANDIDATE },
  "/orchestrator/loop-complete": {
    ...REFERENCE_LOOP_COMPLETE,
    loop_id: LOOP,
    agent_key: OTHER,
    reflection: REFERENCE_REFLECTION,
  },
  "/api/v1/orchestrator/loop-complete": {
    ...REFERENCE_LOOP_COMPLETE,
    loop_id: LOOP,
    agent_key: OTHER,
    reflection: REFERENCE_REFLECTION,
  },
  "/orchestrator/override-guardrails/[loop_id]": REFERENCE_OVERRIDE,
  "/api/v1/orchestrator/override-guardrails/[loop_id]": REFERENCE_OVERRIDE,
};

const rule = demo.rules[0] as Record<string, unknown>;
const scenario = demo.scenarios[0] as Record<string, unknown>;
const tool = demo.tools[0] as Record<string, unknown>;
const field = demo.profile_fields[0] as Record<string, unknown>;
const variable = demo.variables[0] as Record<string, unknown>;

/** A valid input per agent-naming action, for the agent at its current version. */
const VALID_INPUT: Record<string, (agent: string, version: number, sessionId: string) => unknown> = {
  createProfileField: (a, v) => ({ ...field, field_name: "probe_field", agent_key: a, expected_config_version: v }),
  updateProfileField: (a, v) => ({ ...field, loaded_name: field.field_name, agent_key: a, expected_config_version: v }),
  deleteProfileField: (a, v) => ({ field_name: "probe_field", agent_key: a, expected_config_version: v }),
  createVariable: (a, v) => ({ ...variable, name: "probe_variable", agent_key: a, expected_config_version: v }),
  updateVariable: (a, v) => ({ ...variable, loaded_name: variable.name, agent_key: a, expected_config_version: v }),
  deleteVariable: (a, v) => ({ name: "probe_variable", agent_key: a, expected_config_version: v }),
  createRule: (a, v) => ({ ...rule, key: "probe-rule", agent_key: a, expected_config_version: v }),
  updateRule: (a, v) => ({ ...rule, rule_key: rule.key, agent_key: a, expected_config_version: v }),
  duplicateRule: (a, v) => ({ rule_key: rule.key, agent_key: a, expected_config_version: v }),
  setRuleEnabled: (a, v) => ({ rule_key: rule.key, enabled: true, agent_key: a, expected_config_version: v }),
  deleteRule: (a, v) => ({ rule_key: "probe-rule", agent_key: a, expected_config_version: v }),
  evaluateRuleExpression: (a) => ({ agent_key: a, expression: "refund_amount <= 50", values: { refund_amount: "10" } }),
  createScenario: (a, v) => ({ ...scenario, key: "probe-scenario", agent_key: a, expected_config_version: v }),
  updateScenario: (a, v) => ({ ...scenario, scenario_key: scenario.key, agent_key: a, expected_config_version: v }),
  duplicateScenario: (a, v) => ({ scenario_key: scenario.key, agent_key: a, expected_config_version: v }),
  setScenarioEnabled: (a, v) => ({
    scenario_key: scenario.key,
    enabled: true,
    agent_key: a,
    expected_config_version: v,
  }),
  deleteScenario: (a, v) => ({ scenario_key: "probe-scenario", agent_key: a, expected_config_version: v }),
  checkRouting: (a) => ({ agent_key: a }),
  createEnvironment: (a) => ({ agent_key: a, name: "canary" }),
  deleteEnvironment: (a) => ({ agent_key: a, environment: "qa-action" }),
  promoteEnvironment: (a) => ({ agent_key: a, environment: "production", config_version: 1 }),
  rollbackEnvironment: (a) => ({ agent_key: a, environment: "production" }),
  splitEnvironment: (a) => ({
    agent_key: a,
    environment: "production",
    arms: [
      { config_version: 1, percent: 50 },
      { config_version: 2, percent: 50 },
    ],
  }),
  endSplit: (a) => ({ agent_key: a, environment: "production", keep: 1 }),
  createTool: (a, v) => ({ tool: { ...tool, key: "probe_tool" }, agent_key: a, expected_config_version: v }),
  updateTool: (a, v) => ({ tool_key: tool.key, tool, agent_key: a, expected_config_version: v }),
  duplicateTool: (a, v) => ({ tool_key: tool.key, agent_key: a, expected_config_version: v }),
  deleteTool: (a, v) => ({ tool_key: "probe_tool", agent_key: a, expected_config_version: v }),
  tryTool: (a) => ({ agent_key: a, tool, inputs: { order_id: "123" } }),
  checkToolUrl: (a) => ({ agent_key: a, url: "https://example.test/orders" }),
  createKnowledgeSource: (a, v) => ({
    key: "probe-source",
    title: "Probe source",
    kind: "text",
    content: "Standard shipping takes 3 to 5 business days.",
    agent_key: a,
    expected_config_version: v,
  }),
  updateKnowledgeSource: (a, v) => ({
    source_key: "store-policies",
    title: "Store policies",
    kind: "markdown",
    content: "# Shipping\n\nStandard shipping takes 3 to 5 business days; express arrives the next day.",
    agent_key: a,
    expected_config_version: v,
  }),
  deleteKnowledgeSource: (a, v) => ({ source_key: "probe-source", agent_key: a, expected_config_version: v }),
  refreshKnowledgeSource: (a, v) => ({ source_key: PROBE_URL_SOURCE.key, agent_key: a, expected_config_version: v }),
  searchKnowledge: (a) => ({ agent_key: a, q: "How long does shipping take?" }),
  addGapAnswer: (a, v) => ({
    agent_key: a,
    expected_config_version: v,
    question: "Do you sell gift cards?",
    answer: "Yes, from $10 to $200.",
    target: null,
  }),
  updateAgentSettings: (a, v) => ({ settings: demo.agent.settings, agent_key: a, expected_config_version: v }),
  startSandboxSession: (a) => ({ agentKey: a }),
  setSessionContinuity: (_a, _v, s) => ({ sessionId: s, enabled: true }),
  restoreGoal: (_a, _v, s) => ({ sessionId: s }),
  addSessionToReview: (_a, _v, s) => ({ session_id: s }),
  claimHandoff: () => ({ handoff_id: other.handoffId }),
  returnToAgent: () => ({ handoff_id: other.handoffId, note: "probe" }),
  sendOperatorReply: (_a, _v, s) => ({ session_id: s, text: "probe" }),
  addInternalNote: (_a, _v, s) => ({ session_id: s, text: "probe" }),
  saveReviewLabels: (_a, _v, s) => ({ session_id: s, resolved: true, note: "", turns: [] }),
  // The second agent's pending approval (made in beforeAll; read when the case runs).
  decideApproval: () => ({ approval_id: other.approvalId, decision: "deny", reason: "probe" }),
  overrideLoopGuardrails: () => ({ loop_id: LOOP, override_fatigue: true, override_reason: "probe" }),
  createAgent: (a) => ({ key: `${a}-copy`, name: "Copy", start: "empty" }),
  importAgentBundle: (a) => ({
    file_name: "x.bundle.json",
    text: JSON.stringify({ ...demo, agent: { ...demo.agent, key: `${a}-import` } }),
  }),
};
// Creating agents names no existing agent: a limited principal is refused (403), never 404.
const CREATES_AGENTS = new Set(["createAgent", "importAgentBundle"]);
// Admin-only actions that name an agent: the limited operator's role is refused before any lookup.
const ADMIN_ONLY = new Set(["createEnvironment", "deleteEnvironment"]);

let handle: DatabaseHandle;
let limitedCookie: string;
let adminCookie: string;
let limitedKey: string;
let adminKey: string;
const other = { sessionId: "", turnId: "", replayId: "", testRunId: "", webhookId: "", handoffId: "", approvalId: "" };

/**
 * A url source as an import writes it (no fetch): its refresh route and action fetch the MCP probe's
 * port, which refuses the connection, so an admin's refresh answers 200 with refreshed: false.
 */
const PROBE_URL_SOURCE = {
  key: "probe-page",
  title: "Probe page",
  kind: "url" as const,
  url: "http://127.0.0.1:9/help",
  refresh_hours: null,
  content: "# Help\n\nStandard shipping takes 3 to 5 business days.",
};

function withProbeUrlSource<B extends { knowledge_sources?: unknown[] }>(bundle: B): B {
  return { ...bundle, knowledge_sources: [...(bundle.knowledge_sources ?? []), PROBE_URL_SOURCE] };
}

// A loopback port nothing listens on, allowed by name: an admin's MCP server registers there, and its
// sync fails to connect (502) rather than being refused for the host (422, like a bad body).
const MCP_PROBE_HOST = "127.0.0.1:9";
const environment = fileEnv();

beforeAll(async () => {
  environment.set({ FOCAL_TOOL_HOSTS: MCP_PROBE_HOST });
  const app = await startDemoApp(["admin"]);
  const gateOff = demoWithTestsGate("off");
  handle = app.handle;
  adminCookie = app.cookies.admin;
  adminKey = await loopApiKey(handle, ["admin"]);
  await importBundle(
    handle.db,
    // The gate off: the admin's probes edit this agent in ways that turn its demo tests red. With
    // knowledge, so the source routes have a source to reach.
    withProbeUrlSource(withStorePolicies({ ...gateOff, agent: { ...gateOff.agent, key: OTHER, name: "Other desk" } })),
    SYSTEM_ACTOR,
    "s",
  );
  // Versions 1 and 2 for the environment routes' and actions' pins and splits; "qa" and "qa-action"
  // for the route and the action that delete one.
  await saveNewVersion(handle, OTHER);
  const agent = await getAgentByKey(handle.db, OTHER);
  if (!agent) throw new Error("second agent missing");
  for (const name of ["qa", "qa-action"]) {
    await createEnvironment(handle.db, agent, { name, config_version: 1 }, { actor: SYSTEM_ACTOR, requestId: "s" });
  }
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  const turn = await hostTurn(handle.db, {
    sessionId: session.id,
    message: "I'm in France and want a refund for order 123",
    actor: SYSTEM_ACTOR,
    requestId: "req",
  });
  other.sessionId = session.id;
  other.turnId = turn.turn.id;
  const handedOff = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  other.handoffId = (
    await requestOperatorHandoff(handle.db, {
      sessionId: handedOff.id,
      reason: "probe",
      actor: SYSTEM_ACTOR,
      requestId: "s",
    })
  ).handoff.id;
  // A pending approval of the second agent's first turn (the demo's tools need none, so it is written here).
  other.approvalId = (
    await handle.db.transaction((tx) =>
      insertApproval(tx, {
        sessionId: session.id,
        agentId: agent.id,
        requestTurnId: turn.turn.id,
        toolId: "tool",
        toolKey: "lookup_order",
        toolName: "Look up order",
        input: {},
        context: { rule: { id: "rule", key: "look-up-order" }, scenario: null, step: null },
        expiresAt: new Date(Date.now() + 3_600_000),
      }),
    )
  ).id;
  const base = { agentId: agent.id, request: {}, createdBy: "test" };
  other.replayId = (await insertJobRun(handle.db, { ...base, kind: "replay" })).id;
  other.testRunId = (await insertJobRun(handle.db, { ...base, kind: "test_run" })).id;
  other.webhookId = (
    await createWebhook(
      handle.db,
      agent,
      // Off, like the probe's own: the handoff probe would queue deliveries to an address nothing answers.
      { url: "https://93.184.216.34/hook", events: ["handoff.requested"], enabled: false },
      { actor: SYSTEM_ACTOR, requestId: "s" },
    )
  ).id;
  // A credential of the second agent; its DELETE runs after its GET and PUT (enumerate-endpoints' order).
  await createCredential(
    handle.db,
    agent,
    { name: "probe-credential", kind: "bearer", token: "probe-token" },
    { actor: SYSTEM_ACTOR, requestId: "s" },
  );
  // The second agent's MCP servers, written as a registration would be.
  for (const name of ["probe-mcp", "probe-mcp-sync"]) {
    await handle.db.transaction((tx) =>
      insertMcpServerRow(tx, {
        agentId: agent.id,
        name,
        url: `http://${MCP_PROBE_HOST}/mcp`,
        credential: null,
        createdBy: "test",
      }),
    );
  }
  // The second agent's external loop, opened by an unlimited key.
  const { POST } = await import("@/app/api/v1/orchestrator/loop-complete/route");
  const opened = await POST(
    new Request(`${ORIGIN}/api/v1/orchestrator/loop-complete`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminKey}`, "content-type": "application/json" },
      body: JSON.stringify(VALID_BODY["/api/v1/orchestrator/loop-complete"]),
    }),
  );
  if (opened.status !== 200) throw new Error(`loop-complete: ${opened.status} ${await opened.text()}`);

  // A viewer by their own role, operator (the highest per-agent role) on the demo agent only, so no
  // route or action is refused for its role before it looks the agent up.
  const person = await addOperator(handle, "limited@focal.test", "viewer");
  const operatorId = (await operatorIdByEmail(handle.db, person.email)) ?? "";
  await handle.db.transaction((tx) =>
    setAgentGrant(tx, { operatorId, agentKey: "refund-desk", role: "operator" }, SYSTEM_ACTOR, "s"),
  );
  limitedCookie = await signIn(person.email, person.password);
  limitedKey = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "limited", scopes: [...ALL_BUT_ADMIN], agents: ["refund-desk"] }, SYSTEM_ACTOR, "s"),
    )
  ).key;
}, 120_000);
afterAll(async () => {
  await backgroundJobsSettled();
  await handle?.close();
});

/** The route's URL and params with every placeholder naming the second agent's resources. */
function otherAgentPath(urlPath: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = urlPath.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => {
    const value =
      name === "key"
        ? OTHER
        : name === "test_key"
          ? (demo.tests[0]?.key ?? "x")
          : name === "entity_key"
            ? configEntityKey(urlPath)
            : name === "loop_id"
              ? LOOP
              : name === "id" && urlPath.endsWith("/refresh")
                ? PROBE_URL_SOURCE.key
                : name === "id" && urlPath.includes("/knowledge/sources/")
                  ? STORE_POLICIES.key
                  : name === "name" && urlPath.includes("/credentials/")
                    ? "probe-credential"
                    : name === "name" && urlPath.includes("/mcp-servers/")
                      ? // The admin's DELETE removes probe-mcp; the sync has a server of its own.
                        urlPath.endsWith("/sync")
                        ? "probe-mcp-sync"
                        : "probe-mcp"
                      : name === "name"
                        ? urlPath === "/api/v1/agents/[key]/environments/[name]"
                          ? "qa"
                          : "production"
                        : urlPath.includes("/webhooks/[")
                          ? other.webhookId
                          : urlPath.includes("/replays/")
                            ? other.replayId
                            : urlPath.includes("/test-runs/")
                              ? other.testRunId
                              : urlPath.includes("/handoffs/")
                                ? other.handoffId
                                : urlPath.includes("/approvals/")
                                  ? other.approvalId
                                  : urlPath.includes("/turns/[")
                                    ? other.turnId
                                    : other.sessionId;
    params[name] = value;
    return value;
  });
  return { url: `${url}${QUERY[urlPath] ?? ""}`, params };
}

/** The query a GET needs to be answered at all. */
const QUERY: Record<string, string> = { "/api/v1/agents/[key]/knowledge/search": "?q=refund" };

async function bodyFor(urlPath: string): Promise<unknown> {
  if (urlPath !== "/api/v1/agents/[key]/impact-preview") return VALID_BODY[urlPath];
  // A preview of a real edit at the agent's current version.
  const version = (await getAgentByKey(handle.db, OTHER))?.configVersion ?? 0;
  return { edit: "updateRule", input: VALID_INPUT.updateRule?.(OTHER, version, "") };
}

async function call(route: FoundRoute, auth: { key?: string; cookie?: string }): Promise<Response> {
  const { url, params } = otherAgentPath(route.urlPath);
  const body = await bodyFor(route.urlPath);
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  const encoded = encodedBody(route.meta?.bodyKind, body ?? {});
  return route.handler(
    new Request(`${ORIGIN}${url}`, {
      method: route.method,
      headers: {
        ...(auth.key
          ? { authorization: `Bearer ${auth.key}` }
          : { cookie: auth.cookie ?? "", origin: ORIGIN, host: HOST }),
        ...encoded.headers,
        "idempotency-key": crypto.randomUUID(),
      },
      body: hasBody ? encoded.body : undefined,
    }),
    { params: Promise.resolve(params) },
  );
}

/** The body for a failure message; an event stream never ends, so it is closed instead of read. */
async function shown(response: Response): Promise<string> {
  if (!response.headers.get("content-type")?.includes("text/event-stream")) return response.clone().text();
  await response.body?.cancel();
  return "(an event stream)";
}

describe("every route refuses an agent outside the grant as if it did not exist", () => {
  it("answers 404 to a limited key and a limited operator, and something else to an admin", async () => {
    const routes = await enumerateRoutes();
    expect(routes.length).toBeGreaterThan(25);
    let checked = 0;
    for (const route of routes) {
      const what = `${route.method} ${route.urlPath}`;
      const exempt = NOT_AGENT_ROUTES[route.urlPath];
      if (exempt) {
        if (exempt.status === 0) continue;
        const answer = await call(route, { key: limitedKey });
        expect(answer.status, `${what} (${exempt.why}): ${await shown(answer)}`).toBe(exempt.status);
        continue;
      }
      // loop-complete names its agent in the body: an unknown agent_key is a 422 on that field.
      const refused = route.urlPath.endsWith("/loop-complete") ? 422 : 404;
      const byKey = await call(route, { key: limitedKey });
      expect(byKey.status, `${what} with a limited key: ${await shown(byKey)}`).toBe(refused);
      const bySession = await call(route, { cookie: limitedCookie });
      const refusedSession = ADMIN_ROLE_WRITES.has(what) ? 403 : refused;
      expect(bySession.status, `${what} as a limited operator: ${await shown(bySession)}`).toBe(refusedSession);
      const byAdmin = await call(
        route,
        route.urlPath.startsWith("/orchestrator") ? { key: adminKey } : { cookie: adminCookie },
      );
      expect([404, 422], `${what} as an admin: ${await shown(byAdmin)}`).not.toContain(byAdmin.status);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  }, 120_000);
});

describe("every server action refuses an agent outside the grant as if it did not exist", () => {
  it("answers NOT_FOUND to a limited operator, writing nothing, and acts for an admin", async () => {
    const { actions } = await enumerateActions();
    // The route sweep's admin DELETE took the source the update action edits (in either order of the two).
    const { sources } = await listKnowledgeSources(handle.db, OTHER);
    if (!sources.some((source) => source.id === STORE_POLICIES.key)) {
      const request = { agentKey: OTHER, expectedVersion: null, actor: SYSTEM_ACTOR, requestId: "s", policies: [] };
      await createKnowledgeSource(handle.db, request, STORE_POLICIES);
    }
    const agent = await getAgentByKey(handle.db, OTHER);
    for (const action of actions) {
      const what = `${action.file}#${action.exportName}`;
      if (NOT_AGENT_ACTIONS.has(action.meta.name)) continue;
      const input = VALID_INPUT[action.meta.name];
      expect(input, `${what}: add a valid input naming an agent, or list it as naming none`).toBeDefined();
      if (!input) continue;
      const version = (await getAgentByKey(handle.db, OTHER))?.configVersion ?? 0;
      const before = await tableCounts(handle);
      requestState.headers = browserHeaders({ cookie: limitedCookie });
      const refused = await action.call(input(OTHER, version, other.sessionId));
      const expected =
        CREATES_AGENTS.has(action.meta.name) || ADMIN_ONLY.has(action.meta.name) ? "FORBIDDEN" : "NOT_FOUND";
      expect(refused, `${what} as a limited operator`).toMatchObject({ ok: false, code: expected });
      expect(await tableCounts(handle), `${what} wrote nothing`).toEqual(before);
      requestState.headers = browserHeaders({ cookie: adminCookie });
      const done = await action.call(input(OTHER, version, other.sessionId));
      expect(["NOT_FOUND", "VALIDATION", "FORBIDDEN"], `${what} as an admin: ${JSON.stringify(done)}`).not.toContain(
        (done as { code?: string }).code,
      );
    }
    expect(agent).not.toBeNull();
  }, 120_000);
});
