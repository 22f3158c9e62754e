import { expect, test } from "@playwright/test";
import { E2E_API_KEY } from "./e2e-env";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// Settings → Budget on an agent of its own: an admin's negative budget is refused inline and saves
// nothing; a daily budget of $0 with the offline action is spent at once, so the overview says so and
// the next turn runs without the model, saying why in its provenance (docs/budgets.md).

const ADMIN_STATE = authStatePath("budgets-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

const { key: agentKey } = ownDemoAgent("budget", { name: "Budget desk" });
const headers = { authorization: `Bearer ${E2E_API_KEY}` };

test("an admin sets a budget; once spent, the overview says so and turns run offline", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/settings#budget`);
  const section = page.locator("section#budget");
  await expect(section.getByTestId("budget-spend-day")).toContainText("$0 spent, no budget");

  await section.getByLabel("Daily budget (USD)").fill("-5");
  await section.getByRole("button", { name: "Save budget" }).click();
  await expect(section.getByText("must be 0 or more US dollars")).toBeVisible();
  await expect(section.getByText("Budget not saved")).toBeVisible();
  await page.reload();
  await expect(section.getByLabel("Daily budget (USD)")).toHaveValue("");

  await section.getByLabel("Daily budget (USD)").fill("0");
  await section.getByLabel("When a budget is spent").selectOption("offline");
  await section.getByLabel("Daily budget (USD)").press("Enter");
  await expect(section.getByText("Saved, and written to the ledger.")).toBeVisible();
  await expect(section.getByTestId("budget-spend-day")).toContainText("spent");
  await screenshot(page, "budget-settings");

  await page.goto(`/agents/${agentKey}`);
  const notice = page.getByRole("alert").filter({ hasText: "Budget spent" });
  await expect(notice).toContainText("Turns now run without the model");
  await screenshot(page, "budget-overview-notice");

  const session = await page.request.post(`/api/v1/agents/${agentKey}/sessions`, { data: {}, headers });
  expect(session.status()).toBe(201);
  const sessionId = (await session.json()).session_id;
  const turn = await page.request.post(`/api/v1/sessions/${sessionId}/turns`, {
    data: { message: "How much does the blue kettle cost?" },
    headers,
  });
  expect(turn.status()).toBe(200);
  const body = await turn.json();
  // This server has no model key, so the difference is in the provenance: the budget named, nothing billed.
  expect(body.cost_usd).toBe(0);
  expect(body.provenance.budget).toMatchObject({ period: "day", action: "offline", budget_usd: 0 });

  await page.goto("/ledger?type=BUDGET_CHANGED");
  await expect(page.locator("table").getByText("BUDGET_CHANGED").first()).toBeVisible();
});
