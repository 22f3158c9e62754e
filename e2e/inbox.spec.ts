import { expect, type Page, test } from "@playwright/test";
import { addOperator, authStatePath, ownDemoAgent, saveAdminSession, screenshot, signInAs } from "./fixtures";

// The operators' inbox with two browser contexts: a customer channel (REST turns and the session's
// event stream, with an API key and no console session) asks for a $75 refund; the agent's max-refund
// rule hands off; the operator claims it in the inbox, opens the trace, replies (lane 1 stops a reply
// over the cap first), and the customer sees the reply live; the operator hands back and the agent
// answers the next message. It imports an agent of its own, so it runs beside the other specs.

const ADMIN_STATE = authStatePath("inbox-admin");

const run = Date.now().toString(36);
// "Less than $50": the offline redraft offers the $50 the rule's text allows, which still breaks it, so
// the turn hands off instead of shipping the refusal (on_violation: handoff).
const { key: agentKey } = ownDemoAgent("inbox-desk", {
  name: `Inbox desk ${run}`,
  bundle: (demo) => ({
    ...demo,
    rules: demo.rules.map((rule: { key: string }) =>
      rule.key === "max-refund" ? { ...rule, enforcement_expression: "refund_amount < 50" } : rule,
    ),
  }),
});

test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));

/** The customer's channel: a page that reads the session's events with the API key, collecting messages. */
async function openCustomerChannel(page: Page, sessionId: string, key: string) {
  await page.goto("/api/health");
  await page.evaluate(
    async ({ sessionId, key }) => {
      const seen: { kind: string; text: string }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      const response = await fetch(`/api/v1/sessions/${sessionId}/events`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      void (async () => {
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) return;
          buffer += decoder.decode(chunk.value, { stream: true });
          let cut = buffer.indexOf("\n\n");
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.includes("event: message")) {
              const data = block.split("\n").find((line) => line.startsWith("data: "));
              if (data) seen.push(JSON.parse(data.slice(6)));
            }
            cut = buffer.indexOf("\n\n");
          }
        }
      })();
    },
    { sessionId, key },
  );
  return () => page.evaluate(() => (window as unknown as { seen: { kind: string; text: string }[] }).seen);
}

test("a handed-off $75 refund: claimed in the inbox, answered live, handed back to the agent", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL ?? "";
  const operator = await browser.newPage({ baseURL, storageState: ADMIN_STATE });
  const created = await operator.request.post("/api/v1/api-keys", {
    data: { name: `inbox channel ${run}`, scopes: ["turns:write", "handoffs:read"], agents: [agentKey] },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const key = (await created.json()).key as string;

  // The customer: a context of its own, no console session, only the channel's key.
  const customerContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const customer = await customerContext.newPage();
  const auth = { authorization: `Bearer ${key}` };
  const session = await customer.request.post(`/api/v1/agents/${agentKey}/sessions`, {
    headers: auth,
    data: { customer_id: `inbox-customer-${run}` },
  });
  expect(session.status()).toBe(201);
  const sessionId = (await session.json()).session_id as string;
  const say = async (message: string) => {
    const turn = await customer.request.post(`/api/v1/sessions/${sessionId}/turns`, {
      headers: auth,
      data: { message },
    });
    expect(turn.status()).toBe(200);
    return turn.json();
  };
  const seen = await openCustomerChannel(customer, sessionId, key);
  expect((await say("I'm in France and want a refund of $75 for order 123")).outcome).toBe("handoff");

  // The operator sees it waiting, with the sidebar's count.
  await operator.goto("/inbox");
  await expect(operator.getByTestId("nav-count-waitingHandoffs")).toBeVisible();
  const item = operator.locator(`[data-testid="queue-item"][data-session-id="${sessionId}"]`);
  await expect(item).toContainText("Rule still broken: max-refund");
  await expect(item.getByTestId("wait-badge")).toHaveAttribute("data-level", "ok");
  await screenshot(operator, "inbox-queue");
  await item.getByTestId("claim-handoff").click();
  await expect(operator).toHaveURL(new RegExp(`/inbox\\?session=${sessionId}`));
  await expect(operator.getByTestId("mode")).toHaveText("with a person");
  await expect(operator.getByTestId("live-state")).toHaveText("live");

  // The customer writes while the operator holds it: the line arrives live, and the sidebar counts
  // the conversation unread until the operator answers.
  expect((await say("Hello? Is a person there?")).outcome).toBe("queued_for_human");
  await expect(operator.getByText("Hello? Is a person there?")).toBeVisible();
  await expect(operator.getByTestId("nav-count-unreadHandoffs")).toHaveText(/1\s*unread/);

  // The trace of the turn that handed off, beside the conversation.
  await operator.getByTestId("open-trace").first().click();
  const trace = operator.getByTestId("inbox-trace-panel");
  await expect(trace).toContainText("enforcement");
  await screenshot(operator, "inbox-conversation-trace");

  // Lane 1 stops a reply over the cap, naming the rule; the operator rewrites it.
  const reply = operator.getByTestId("reply-text");
  await reply.fill("I've refunded $75 to your card.");
  await reply.press("Control+Enter");
  await expect(operator.getByTestId("reply-violations")).toContainText("max-refund");
  await expect(operator.getByTestId("send-anyway")).toBeDisabled();
  await screenshot(operator, "inbox-lane1-violation");
  await reply.fill("Hi, I'm from billing: a specialist approved a refund review for order 123.");
  await reply.press("Control+Enter");
  await expect(reply).toHaveValue("");
  await expect(operator.getByTestId("nav-count-unreadHandoffs")).toHaveCount(0);

  // The customer's channel gets it live.
  await expect
    .poll(async () => (await seen()).some((m) => m.kind === "operator" && m.text.includes("from billing")))
    .toBe(true);

  // An internal note stays with operators.
  await reply.fill("Billing ticket opened for order 123.");
  await operator.getByTestId("add-note").click();
  await expect(operator.getByTestId("internal-note")).toContainText("Billing ticket opened");
  expect((await seen()).some((m) => m.text.includes("Billing ticket"))).toBe(false);

  // Hand back with a note; the agent answers the next message.
  await operator.getByTestId("hand-back").click();
  await operator.getByTestId("hand-back-note").fill("The refund review is open; confirm and close politely.");
  await operator.getByTestId("confirm-hand-back").click();
  await expect(operator.getByTestId("mode")).toHaveText("with the agent");
  await screenshot(operator, "inbox-handed-back");
  const next = await say("Thanks! What is your returns address?");
  expect(next.outcome).not.toBe("queued_for_human");
  expect(next.response).not.toBe("");
  await expect.poll(async () => (await seen()).filter((m) => m.kind === "agent").length).toBeGreaterThanOrEqual(2);
  await expect(operator.getByTestId("agent-line").last()).toContainText(next.response.slice(0, 20));
  await customerContext.close();
});

test("a viewer reads a waiting conversation with every control disabled, saying why", async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL ?? "";
  const admin = await browser.newPage({ baseURL, storageState: ADMIN_STATE });
  const headers = { origin: baseURL };
  const session = await admin.request.post(`/api/v1/agents/${agentKey}/sessions`, { headers, data: {} });
  const sessionId = (await session.json()).session_id as string;
  const taken = await admin.request.post(`/api/v1/sessions/${sessionId}/handoff`, {
    headers,
    data: { reason: "checking an order by hand" },
  });
  expect(taken.status()).toBe(201);
  await admin.goto("/inbox?session=00000000-0000-4000-8000-000000000000");
  await expect(admin.getByText("No such conversation")).toBeVisible();
  await admin.goto("/admin");
  const viewer = {
    email: `inbox-viewer-${run}@focal.test`,
    name: `Inbox viewer ${run}`,
    password: "inbox-viewer-pw-1",
  };
  await addOperator(admin, viewer, "viewer");

  const page = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signInAs(page, viewer);
  await page.goto(`/inbox?session=${sessionId}`);
  const item = page.locator(`[data-testid="queue-item"][data-session-id="${sessionId}"]`);
  await expect(item).toContainText("Taken over: checking an order by hand");
  const claim = page.getByTestId("claim-handoff").first();
  await expect(claim).toBeDisabled();
  await expect(claim).toHaveAttribute("title", /operator role/);
  await expect(page.getByTestId("reply-text")).toBeDisabled();
  await expect(page.getByTestId("hand-back")).toBeDisabled();
  await screenshot(page, "inbox-viewer");
});
