import { expect, test } from "@playwright/test";
import { authStatePath, DEMO_BUNDLE, ownDemoAgent, saveAdminSession, screenshot, withTestsGateOff } from "./fixtures";

// Environments on an agent of its own: production starts following the latest version; the admin pins
// it, a second import moves the draft on, a 90/10 split runs with its comparison, ending the split
// keeps the new version, a rollback goes back, and a promotion previews its impact on production's
// conversations before anything changes. The sandbox offers every environment.

const ADMIN_STATE = authStatePath("environments-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

const { key: agentKey } = ownDemoAgent("environments", { name: "Env desk" });

test("pin production, split it with a new version, keep the winner, roll back", async ({ page }, testInfo) => {
  const headers = { origin: testInfo.project.use.baseURL ?? "" };
  const bundle = (name: string) => {
    const demo = withTestsGateOff(DEMO_BUNDLE);
    return { ...demo, agent: { ...demo.agent, key: agentKey, name } };
  };
  await page.goto(`/agents/${agentKey}/environments`);
  const production = page.getByTestId("environment-production");
  await expect(production).toContainText("Follows the latest version (v1)");
  await screenshot(page, "environments-unpinned");

  await page.getByTestId("promote-production-open").click();
  await page.getByRole("dialog").getByRole("button", { name: "Promote" }).click();
  await expect(production).toContainText("Pinned to v1, the latest.");

  // A second import is version 2: production stays at v1 until promoted.
  expect((await page.request.post("/api/v1/agents/import", { data: bundle("Env desk 2"), headers })).status()).toBe(
    201,
  );
  await page.reload();
  await expect(production).toContainText("draft is 1 version ahead");

  await page.getByTestId("split-production-open").click();
  const split = page.getByRole("dialog");
  await expect(split.getByLabel("Arm 1 percent")).toHaveValue("90");
  await screenshot(page, "environments-split-dialog");
  await split.getByRole("button", { name: "Start split" }).click();
  await expect(page.getByTestId("comparison-production")).toBeVisible();

  const session = await page.request.post(`/api/v1/agents/${agentKey}/sessions`, {
    data: { customer_id: "e2e-customer" },
    headers,
  });
  const sessionId = (await session.json()).session_id;
  await page.request.post(`/api/v1/sessions/${sessionId}/turns`, { data: { message: "hello" }, headers });
  await page.reload();
  await expect(page.getByTestId("comparison-production")).toContainText("baseline");
  await screenshot(page, "environments-split");

  await page.getByTestId("end-split-production-open").click();
  await page.getByRole("dialog").getByLabel("Keep version").selectOption("2");
  await page.getByRole("dialog").getByRole("button", { name: "End split" }).click();
  await expect(production).toContainText("Pinned to v2, the latest.");

  await page.getByTestId("rollback-production-open").click();
  await page.getByTestId("rollback-production-confirm").click();
  await expect(production).toContainText("Pinned to v1");
  await screenshot(page, "environments-rolled-back");

  // Promoting again previews its impact first: production's conversations replayed on v2, nothing saved.
  await page.getByTestId("promote-production-open").click();
  const promote = page.getByRole("dialog");
  await promote.getByLabel("Version", { exact: true }).selectOption("2");
  await promote.getByRole("button", { name: "Preview impact" }).click();
  await expect(promote.getByTestId("promotion-impact-headline")).toContainText(/of 1 turn would change on v2/, {
    timeout: 30_000,
  });
  await expect(promote.getByTestId("promotion-impact")).toContainText("Outcome changes");
  await screenshot(page, "environments-promote-preview");
  await page.keyboard.press("Escape");
  await expect(production).toContainText("Pinned to v1");

  // The sandbox starts a session in production: its reply runs at production's v1, not the draft's v2.
  await page.goto(`/agents/${agentKey}/sandbox`);
  await page.getByTestId("sandbox-reset-environment").selectOption("production");
  await page.getByTestId("sandbox-reset").click();
  await expect.poll(() => new URL(page.url()).searchParams.get("session")).not.toBeNull();
  const input = page.getByTestId("sandbox-input");
  await input.fill("hello");
  await input.press("Enter");
  const reply = page.getByTestId("agent-message").first();
  await expect(reply).toContainText("production · v1");
  // v1's name greets the customer, not the draft's "Env desk 2".
  await expect(reply).toContainText("Env desk.");
  await screenshot(page, "environments-sandbox-production");
});
