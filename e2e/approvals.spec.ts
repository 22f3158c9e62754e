import { expect, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// Approvals on an agent of its own (the demo with its order lookup behind an approval): a customer
// turn pauses before the lookup with the holding reply, the operator approves it with a reason from
// the Approvals page by keyboard, and the customer's generated reply appears there and in the
// conversation.

const ADMIN_STATE = authStatePath("approvals-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

const { key: agentKey } = ownDemoAgent("approving", {
  name: "Approving desk",
  bundle: (demo) => ({
    ...demo,
    tools: demo.tools.map((tool: object) => ({ ...tool, requires_approval: true })),
  }),
});
const ASK = "I want my money back, can you show me my orders?";

test("a tool call waits for approval; the operator approves it with a reason and the reply reaches the customer", async ({
  page,
}, testInfo) => {
  const headers = { origin: testInfo.project.use.baseURL ?? "" };
  // The tool editor shows the box the bundle set.
  await page.goto(`/agents/${agentKey}/tools`);
  await page.getByRole("button", { name: "Edit lookup_order" }).click();
  await expect(page.getByTestId("tool-editor").getByRole("checkbox", { name: /Requires approval/ })).toBeChecked();
  await screenshot(page, "tools-requires-approval");

  // Nothing waits yet.
  await page.goto(`/agents/${agentKey}/approvals`);
  await expect(page.getByText("No tool call is waiting for approval")).toBeVisible();
  await screenshot(page, "approvals-empty");

  const session = await page.request.post(`/api/v1/agents/${agentKey}/sessions`, { data: {}, headers });
  expect(session.status()).toBe(201);
  const sessionId = (await session.json()).session_id;
  const turn = await page.request.post(`/api/v1/sessions/${sessionId}/turns`, { data: { message: ASK }, headers });
  expect(turn.status()).toBe(200);
  const paused = await turn.json();
  expect(paused.outcome).toBe("awaiting_approval");

  await page.reload();
  const card = page.getByTestId("approval").first();
  await expect(card.getByRole("heading")).toContainText("Look up order");
  await expect(card).toContainText(ASK);
  await expect(card).toContainText("refund");
  await screenshot(page, "approvals-pending");

  // An empty reason is refused beside the field, before anything is sent.
  await card.getByTestId("approve").click();
  await expect(card).toContainText("reason must not be empty");

  // Keyboard: the reason, then Tab to Approve and Enter.
  await card.getByLabel("Reason").fill("Identity checked on the phone");
  await page.keyboard.press("Tab");
  await expect(card.getByTestId("approve")).toBeFocused();
  await page.keyboard.press("Enter");
  const reply = page.getByTestId("approval-reply");
  await expect(reply).toContainText("The customer was told");
  await expect(reply).not.toContainText("approve this step");
  await expect(page.getByText("No tool call is waiting for approval")).toBeVisible();
  await screenshot(page, "approvals-approved");

  // The conversation: the holding reply, then the resumed turn's reply.
  const messages = await page.request.get(`/api/v1/sessions/${sessionId}/messages`, { headers });
  const agentLines = (await messages.json()).messages.filter((m: { kind: string }) => m.kind === "agent");
  expect(agentLines).toHaveLength(2);
  expect(await reply.textContent()).toContain(agentLines[1].text);

  await page.getByTestId("approval-filter-approved").click();
  const decided = page.getByTestId("approval").first();
  await expect(decided).toContainText("Approved by");
  await expect(decided).toContainText("Identity checked on the phone");

  // Two operators on one approval: the page still shows it, someone else decides first, Deny is refused.
  const again = await page.request.post(`/api/v1/sessions/${sessionId}/turns`, { data: { message: ASK }, headers });
  expect((await again.json()).outcome).toBe("awaiting_approval");
  await page.getByTestId("approval-filter-pending").click();
  const stale = page.getByTestId("approval").first();
  // A pending card (the approved one above has no Deny): the pending list is on the page.
  await expect(stale.getByTestId("deny")).toBeVisible();
  // The page re-reads its list when the console's counts change: this one's own decision below, or any
  // approval of the specs running beside it. Its re-reads wait until Deny is pressed, as on a page
  // whose live stream lags behind the other operator.
  let releaseRefresh = () => {};
  const refreshHeld = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  await page.route(`**/agents/${agentKey}/approvals**`, async (route) => {
    if (route.request().method() === "GET" && route.request().headers().rsc === "1") await refreshHeld;
    await route.continue();
  });
  const listed = await page.request.get(`/api/v1/approvals?agent=${agentKey}`, { headers });
  const pendingId = (await listed.json()).approvals[0].id;
  const first = await page.request.post(`/api/v1/approvals/${pendingId}/approve`, {
    data: { reason: "Done on the phone" },
    headers,
  });
  expect(first.status()).toBe(200);
  await stale.getByLabel("Reason").fill("Not this one");
  await stale.getByTestId("deny").click();
  releaseRefresh();
  await expect(page.getByTestId("approval-gone")).toContainText("already approved by");
  await expect(page.getByText("No tool call is waiting for approval")).toBeVisible();
  await screenshot(page, "approvals-conflict");

  // The dashboard's handoff rate beside the resolution rate: one session answered, none handed off.
  await page.goto(`/agents/${agentKey}`);
  const handoffs = page.getByTestId("dashboard-handoffs");
  await expect(handoffs.getByTestId("handoff-rate")).toHaveText("0% (0 of 1 session)");
  await handoffs.scrollIntoViewIfNeeded();
  await screenshot(page, "dashboard-handoff-rate");
});
