import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { operatorIdByEmail } from "@/db/queries/identity";
import { insertReviewIfAbsent } from "@/db/queries/reviews";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { requestOperatorHandoff } from "@/lib/handoffs/server/operator-actions";
import { PAGE_META } from "@/lib/server/access/agent-page";
import { setAgentGrant } from "@/lib/server/access/set-agent-grant";
import { backgroundJobsSettled } from "@/lib/server/jobs/background-jobs";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { enumerateConsolePages, type FoundPage } from "../support/enumerate-endpoints";
import { addOperator, demoWithTestsGate, signIn, startDemoApp } from "../support/focal-test-app";
import { loopApiKey, REFERENCE_LOOP_COMPLETE, REFERENCE_REFLECTION } from "../support/loop-api";
import { browserHeaders, ORIGIN, requestState } from "../support/request-headers";

// Access per agent on the console's pages (docs/access-control.md#pages): every page goes through
// definePage, so its loaders run with the operator's reach, like a route's. An operator granted only
// the demo agent opens every page with its URL naming a second agent's resources (agent, session,
// turn, loop, scenario, test); each must render the not-found page, or render nothing of that agent.
// A new page with a dynamic segment this file does not know how to fill fails here until it is added.

const OTHER = "other-desk";
const LOOP = "loop_other_desk_page";
const demo = demoWithTestsGate("off");

let handle: DatabaseHandle;
let adminCookie: string;
let limitedCookie: string;
const other = { agentId: "", sessionId: "", turnId: "", handoffSessionId: "" };

/** What each dynamic segment is filled with: the second agent's resource of that kind. */
const SEGMENT_VALUES: Record<string, () => string> = {
  key: () => OTHER,
  loopId: () => LOOP,
  sessionId: () => other.sessionId,
  turnId: () => other.turnId,
  scenarioKey: () => demo.scenarios[0]?.key ?? "refund",
  test_key: () => demo.tests[0]?.key ?? "x",
};

/** Query parameters a page reads to pick one of an agent's resources. */
const SEARCH: Record<string, () => Record<string, string>> = {
  "/inbox": () => ({ session: other.handoffSessionId }),
  "/loops": () => ({ agent: OTHER }),
  "/ledger": () => ({}),
};

beforeAll(async () => {
  const app = await startDemoApp(["admin"]);
  handle = app.handle;
  adminCookie = app.cookies.admin;
  await importBundle(
    handle.db,
    { ...demo, agent: { ...demo.agent, key: OTHER, name: "Other desk" } },
    SYSTEM_ACTOR,
    "s",
  );
  const agent = await getAgentByKey(handle.db, OTHER);
  if (!agent) throw new Error("second agent missing");
  other.agentId = agent.id;
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  const turn = await hostTurn(handle.db, {
    sessionId: session.id,
    message: "I'm in France and want a refund for order 123",
    actor: SYSTEM_ACTOR,
    requestId: "req",
  });
  other.sessionId = session.id;
  other.turnId = turn.turn.id;
  await handle.db.transaction((tx) =>
    insertReviewIfAbsent(tx, { sessionId: session.id, agentId: agent.id, reason: "sampled", sampledOutcome: "any" }),
  );
  const handedOff = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  await requestOperatorHandoff(handle.db, {
    sessionId: handedOff.id,
    reason: "probe",
    actor: SYSTEM_ACTOR,
    requestId: "s",
  });
  other.handoffSessionId = handedOff.id;
  const { POST } = await import("@/app/api/v1/orchestrator/loop-complete/route");
  const opened = await POST(
    new Request(`${ORIGIN}/api/v1/orchestrator/loop-complete`, {
      method: "POST",
      headers: { authorization: `Bearer ${await loopApiKey(handle, ["admin"])}`, "content-type": "application/json" },
      body: JSON.stringify({
        ...REFERENCE_LOOP_COMPLETE,
        loop_id: LOOP,
        agent_key: OTHER,
        reflection: REFERENCE_REFLECTION,
      }),
    }),
  );
  if (opened.status !== 200) throw new Error(`loop-complete: ${opened.status} ${await opened.text()}`);
  const person = await addOperator(handle, "page-limited@focal.test", "viewer");
  const operatorId = (await operatorIdByEmail(handle.db, person.email)) ?? "";
  await handle.db.transaction((tx) =>
    setAgentGrant(tx, { operatorId, agentKey: "refund-desk", role: "operator" }, SYSTEM_ACTOR, "s"),
  );
  limitedCookie = await signIn(person.email, person.password);
}, 120_000);
afterAll(async () => {
  await backgroundJobsSettled();
  await handle?.close();
});

type PageResult = { kind: "not_found" } | { kind: "redirect" } | { kind: "rendered"; shown: string };

/**
 * Props as JSON, without functions, React's bookkeeping and `search` (a page's echo of its own query
 * string): what the page hands its components from what it loaded.
 */
function shownOf(element: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(element, (key, value) => {
    if (typeof value === "function" || key === "_owner" || key === "_store" || key === "search") return undefined;
    if (typeof value === "object" && value !== null) {
      if (seen.has(value)) return undefined;
      seen.add(value);
    }
    return value;
  });
}

async function open(found: FoundPage, cookie: string): Promise<PageResult> {
  const params: Record<string, string> = {};
  for (const [, name] of found.urlPath.matchAll(/\[([^\]]+)\]/g))
    params[name as string] = SEGMENT_VALUES[name as string]?.() ?? "";
  requestState.headers = browserHeaders({ cookie });
  const page = found.page as (props: unknown) => Promise<unknown>;
  try {
    const element = await page({
      params: Promise.resolve(params),
      searchParams: Promise.resolve(SEARCH[found.urlPath]?.() ?? {}),
    });
    return { kind: "rendered", shown: shownOf(element) };
  } catch (error) {
    const digest = String((error as { digest?: unknown }).digest ?? "");
    if (digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;404")) return { kind: "not_found" };
    if (digest.startsWith("NEXT_REDIRECT")) return { kind: "redirect" };
    throw error;
  }
}

describe("console pages", () => {
  it("every page goes through definePage", async () => {
    const pages = await enumerateConsolePages();
    expect(pages.length).toBeGreaterThan(25);
    const unguarded = pages.filter((p) => !(p.page as { [PAGE_META]?: true } | undefined)?.[PAGE_META]);
    expect(unguarded.map((p) => p.file)).toEqual([]);
  });

  it("every dynamic segment of every page is one this test can fill", async () => {
    const segments = (await enumerateConsolePages()).flatMap((p) =>
      [...p.urlPath.matchAll(/\[([^\]]+)\]/g)].map(([, name]) => `${p.urlPath}: ${name}`),
    );
    expect(segments.filter((s) => !SEGMENT_VALUES[s.split(": ")[1] ?? ""])).toEqual([]);
  });

  it("render not-found, or nothing of the agent, for a second agent's resources outside the grant", async () => {
    const markers = [OTHER, other.agentId, LOOP, other.sessionId, other.turnId, other.handoffSessionId];
    const leaks: string[] = [];
    let refused = 0;
    for (const found of await enumerateConsolePages()) {
      const result = await open(found, limitedCookie);
      if (result.kind === "not_found") refused += 1;
      if (result.kind !== "rendered") continue;
      const leaked = markers.filter((m) => result.shown.includes(m));
      if (leaked.length > 0) leaks.push(`${found.urlPath} shows ${leaked.join(", ")}`);
    }
    expect(leaks).toEqual([]);
    // Every page under /agents/[key], and the loop's own page.
    expect(refused).toBeGreaterThanOrEqual(20);
  });

  it("an admin opening the same URLs gets the pages: the fixture names real resources", async () => {
    const dynamic = (await enumerateConsolePages()).filter((p) => p.urlPath.includes("["));
    const missing: string[] = [];
    for (const found of dynamic) if ((await open(found, adminCookie)).kind === "not_found") missing.push(found.urlPath);
    expect(missing).toEqual([]);
  });

  it("the loop page of another agent's loop is not-found for the limited operator, and shown to an admin", async () => {
    const loopPage = (await enumerateConsolePages()).find((p) => p.urlPath === "/loops/[loopId]");
    if (!loopPage) throw new Error("the loop page moved");
    expect(await open(loopPage, limitedCookie)).toEqual({ kind: "not_found" });
    const shown = await open(loopPage, adminCookie);
    expect(shown.kind === "rendered" && shown.shown.includes(LOOP)).toBe(true);
  });
});
