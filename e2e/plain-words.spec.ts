import { expect, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot, sendInFreshSandboxSession } from "./fixtures";

// What a designer reads after the demo's France turn: the rewrite that satisfied max-refund is a
// success on its loop (never a red "force-finalized"), the trace link opens in the same tab, and the
// sandbox fits the window.

const { key: agentKey } = ownDemoAgent("plain-words");

const ADMIN_STATE = authStatePath("plain-words-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE, viewport: { width: 1440, height: 900 } });

test("a reply rewritten to satisfy a rule reads as a success on its loop", async ({ page }) => {
  const reply = await sendInFreshSandboxSession(page, "I'm in France and want a refund for order 123", agentKey);
  await expect(reply).toContainText("regenerated", { timeout: 30_000 });
  // The sandbox fits the window: nothing to scroll at 1440 × 900.
  const overflow = await page.locator("#main").evaluate((main) => main.scrollHeight - main.clientHeight);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "desktop-sandbox");

  const trace = reply.getByTestId("provenance-footer").getByRole("link", { name: "trace" });
  await expect(trace).not.toHaveAttribute("target", "_blank");
  await trace.click();
  await expect(page).toHaveURL(/\/traces\/[0-9a-f-]{36}$/);
  const turnId = new URL(page.url()).pathname.split("/").at(-1);

  await page.goto(`/loops/turn_${turnId}_r1`);
  const status = page.getByTestId("loop-status");
  await expect(status).toContainText("Rewritten once to satisfy max-refund");
  await expect(status.locator('[data-slot="alert"]')).toHaveAttribute("data-variant", "success");
  await expect(page.getByText(/Force-finalized|rewrite limit/)).toHaveCount(0);
  await screenshot(page, "desktop-turn-loop");

  await page.goto("/loops?kind=turn");
  await expect(page.getByTestId(`loop-row-turn_${turnId}_r1`)).toContainText("rewrite passed");
  await screenshot(page, "desktop-loops");
});
