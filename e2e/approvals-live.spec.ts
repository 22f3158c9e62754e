import { expect, test } from "@playwright/test";
import {
  addOperatorOnOneAgent,
  authStatePath,
  ownDemoAgent,
  saveAdminSession,
  saveSessionAs,
  screenshot,
} from "./fixtures";

// The console keeps approvals in view without a reload (docs/approvals.md#the-console): with the
// console-wide Approvals page open, a REST turn of an agent of this spec's own pauses before a tool
// that requires approval; the sidebar's count (amber: this agent's approvals expire after 4 minutes,
// inside the 5-minute warning) and the list gain it live, and approving it from the list resumes the
// turn and takes the count back down. The operator is granted this agent alone, so the console-wide
// page and the sidebar count its approvals only, whatever the specs beside this one leave waiting.

const run = Date.now().toString(36);
const ADMIN_STATE = authStatePath("approvals-live-admin");
const OPERATOR_STATE = authStatePath("approvals-live-operator");
const OPERATOR = { email: `live-approver-${run}@focal.test`, name: "Opal Operator", password: "live-approver-pw-1" };
const agentName = `Live approvals ${run}`;
const { key: agentKey } = ownDemoAgent("live-approvals", {
  name: agentName,
  bundle: (demo) => ({
    ...demo,
    agent: {
      ...demo.agent,
      settings: {
        ...demo.agent.settings,
        approvals: {
          holding_reply: "I need a member of our team to approve this step. I'll reply here as soon as they have.",
          denied_reply: "I'm sorry, I wasn't able to do that.",
          expiry_minutes: 4,
        },
      },
    },
    tools: demo.tools.map((tool: object) => ({ ...tool, requires_approval: true })),
  }),
});
test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  await saveAdminSession(browser, baseURL, ADMIN_STATE);
  const admin = await browser.newPage({ baseURL, storageState: ADMIN_STATE });
  await admin.goto("/admin");
  await addOperatorOnOneAgent(admin, OPERATOR, agentKey, "operator");
  await admin.close();
  await saveSessionAs(browser, baseURL, OPERATOR, OPERATOR_STATE);
});
test.use({ storageState: OPERATOR_STATE, viewport: { width: 1440, height: 900 } });

const ASK = "I want my money back, can you show me my orders?";

test("a paused turn shows up in the sidebar and the console-wide list live, and approving it there resumes it", async ({
  page,
}, testInfo) => {
  const headers = { origin: testInfo.project.use.baseURL ?? "" };
  await page.goto("/approvals");
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  await expect(page.getByText("No approvals are waiting.")).toBeVisible();
  await screenshot(page, "approvals-all-empty");
  const badge = page.getByTestId("nav-count-pendingApprovals");
  await expect(badge).toHaveCount(0);
  // Set on this document: still there afterwards means nothing reloaded the page.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  const session = await page.request.post(`/api/v1/agents/${agentKey}/sessions`, { data: {}, headers });
  const sessionId = (await session.json()).session_id;
  const turn = await page.request.post(`/api/v1/sessions/${sessionId}/turns`, { data: { message: ASK }, headers });
  expect((await turn.json()).outcome).toBe("awaiting_approval");

  await expect(badge).toContainText("1");
  await expect(badge).toHaveAttribute("data-urgent", "true");
  await expect(badge).toContainText(/expiring soon/);
  const card = page.getByTestId("approval").filter({ hasText: agentName });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading")).toContainText("Look up order");
  await expect(card.getByTestId("approval-expires-in")).toHaveText(/expires in (4|3) min · expiring soon/);
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await screenshot(page, "approvals-all-live");

  await card.getByLabel("Reason").fill("Identity checked on the phone");
  await page.keyboard.press("Tab");
  await expect(card.getByTestId("approve")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("approval-reply")).toContainText("The customer was told");
  await expect(page.getByTestId("approval").filter({ hasText: agentName })).toHaveCount(0);
  await expect(badge).toHaveCount(0);
  await screenshot(page, "approvals-all-approved");

  const messages = await page.request.get(`/api/v1/sessions/${sessionId}/messages`, { headers });
  const agentLines = (await messages.json()).messages.filter((m: { kind: string }) => m.kind === "agent");
  expect(agentLines).toHaveLength(2);
});
