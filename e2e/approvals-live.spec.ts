import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { saveAdminSession, screenshot } from "./fixtures";

// The console keeps approvals in view without a reload (docs/approvals.md#the-console): with the
// console-wide Approvals page open, a REST turn of an agent of this spec's own pauses before a tool
// that requires approval; the sidebar's count (amber: this agent's approvals expire after 4 minutes,
// inside the 5-minute warning) and the list gain it live, and approving it from the list resumes the
// turn and takes the count back down.

const ADMIN_STATE = path.join("test-results", "e2e-auth", "approvals-live-admin.json");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE, viewport: { width: 1440, height: 900 } });

const demo = JSON.parse(fs.readFileSync(path.join("lib", "demo", "refund-desk.bundle.json"), "utf8"));
const agentKey = `live-approvals-${Date.now().toString(36)}`;
const agentName = `Live approvals ${Date.now().toString(36)}`;
const ASK = "I want my money back, can you show me my orders?";

test("a paused turn shows up in the sidebar and the console-wide list live, and approving it there resumes it", async ({
  page,
}, testInfo) => {
  const headers = { origin: testInfo.project.use.baseURL ?? "" };
  const settings = {
    ...demo.agent.settings,
    testing: { tests_gate: "off" },
    approvals: {
      holding_reply: "I need a member of our team to approve this step. I'll reply here as soon as they have.",
      denied_reply: "I'm sorry, I wasn't able to do that.",
      expiry_minutes: 4,
    },
  };
  const imported = await page.request.post("/api/v1/agents/import", {
    data: {
      ...demo,
      agent: { ...demo.agent, key: agentKey, name: agentName, settings },
      tools: demo.tools.map((tool: object) => ({ ...tool, requires_approval: true })),
    },
    headers,
  });
  expect(imported.status()).toBe(201);

  await page.goto("/approvals");
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  const before = (await (await page.request.get("/api/v1/attention", { headers })).json()).pending_approvals;
  if (before === 0) {
    await expect(page.getByText("No approvals are waiting.")).toBeVisible();
    await screenshot(page, "approvals-all-empty");
  }
  // Set on this document: still there afterwards means nothing reloaded the page.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  const session = await page.request.post(`/api/v1/agents/${agentKey}/sessions`, { data: {}, headers });
  const sessionId = (await session.json()).session_id;
  const turn = await page.request.post(`/api/v1/sessions/${sessionId}/turns`, { data: { message: ASK }, headers });
  expect((await turn.json()).outcome).toBe("awaiting_approval");

  const badge = page.getByTestId("nav-count-pendingApprovals");
  await expect(badge).toContainText(String(before + 1));
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
  if (before === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toContainText(String(before));
  await screenshot(page, "approvals-all-approved");

  const messages = await page.request.get(`/api/v1/sessions/${sessionId}/messages`, { headers });
  const agentLines = (await messages.json()).messages.filter((m: { kind: string }) => m.kind === "agent");
  expect(agentLines).toHaveLength(2);
});
