import { expect, test } from "@playwright/test";
import { ownDemoAgent, screenshot, sendInFreshSandboxSession, signIn } from "./fixtures";

// The refund example on a copy of the demo Refund desk (offline provider): the first draft promises $75,
// lane 1 catches `refund_amount <= 50`, the regenerated reply ships. That turn is then found in
// Traces by its outcome and by text, opened, and read span by span.

const { key: agentKey } = ownDemoAgent("traces");
const MESSAGE = "I'm in France and want a refund for order 123";

test("a turn from the sandbox is found in Traces, opened, and counted on the dashboard", async ({ page }) => {
  await signIn(page);
  await expect(await sendInFreshSandboxSession(page, MESSAGE, agentKey)).toContainText("regenerated");
  const sessionId = new URL(page.url()).searchParams.get("session") ?? "";
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

  // The list, filtered by outcome through the URL-synced form.
  await page.goto(`/agents/${agentKey}/traces`);
  await expect(page.getByTestId("traces-table")).toBeVisible();
  await page.getByLabel("Outcome").selectOption("regenerated");
  await expect(page).toHaveURL(/[?&]outcome=regenerated/);
  const rows = page.getByTestId("trace-row");
  await expect(rows.first()).toBeVisible();
  for (const outcome of await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-outcome")))) {
    expect(outcome).toBe("regenerated");
  }

  // `/` focuses the search; Enter submits it with the outcome filter kept.
  await page.locator("body").press("/");
  const search = page.getByRole("searchbox", { name: "Search messages and replies" });
  await expect(search).toBeFocused();
  await search.fill("France");
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=France/);
  await expect(page).toHaveURL(/[?&]outcome=regenerated/);
  await expect(rows.first()).toContainText("France");
  await screenshot(page, "traces");

  // The turn detail: header facts, the waterfall, provenance, ledger events and loops.
  await rows.first().getByRole("link", { name: MESSAGE }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agentKey}/traces/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Turn 1 of session");
  const facts = page.getByRole("region", { name: "Turn facts" });
  await expect(facts).toContainText("regenerated");
  await expect(facts).toContainText("Config version");
  const timeline = page.getByTestId("timeline");
  await expect(timeline.getByTestId("span-row").first()).toBeVisible();
  await expect(timeline.locator('[data-testid="span-row"][data-span="regeneration"]')).toHaveCount(1);
  const enforcement = timeline.locator('[data-testid="span-row"][data-span="enforcement"]').first();
  await enforcement.getByRole("button").click();
  await expect(enforcement.getByTestId("rule-check").filter({ hasText: "max-refund" })).toContainText("failed");
  await expect(page.getByTestId("provenance-footer")).toContainText("max-refund");
  await expect(page.getByTestId("turn-ledger")).toContainText("TURN_COMPLETED");
  await expect(page.getByTestId("turn-loops")).toContainText("turn_");
  // The console scrolls inside <main>, not the document: a tall window shows the whole page.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await screenshot(page, "turn-detail");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId("open-session").click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agentKey}/sandbox\\?session=${sessionId}`));

  // The dashboard on the agent page counts the turn and names the rule it violated.
  await page.goto(`/agents/${agentKey}`);
  const dashboard = page.getByTestId("agent-dashboard");
  await expect(dashboard.getByRole("img", { name: /^Turns per day by outcome\..*regenerated [1-9]/ })).toBeVisible();
  await expect(dashboard.getByTestId("dashboard-violations")).toContainText("max-refund");
  await expect(dashboard.getByTestId("dashboard-intents")).toContainText("refund_request");
  await page.setViewportSize({ width: 1280, height: 2000 });
  await screenshot(page, "dashboard");
});
