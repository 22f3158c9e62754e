import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  createApiKey,
  postForcedLoopFamily,
  saveAdminSession,
  screenshot,
  sendInFreshSandboxSession,
} from "./fixtures";

// An operator on a phone (390 × 844): the navigation behind a menu button, the sandbox, the traces
// list, a trace, the loops and a loop's override — readable without sideways scrolling.

const ADMIN_STATE = path.join("test-results", "e2e-auth", "phone-admin.json");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE, viewport: { width: 390, height: 844 } });

const RUN = Date.now().toString(36);

/** Nothing on the page is wider than the screen: a table may scroll inside its own box, the page may not. */
async function expectNoSidewaysScroll(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the navigation opens from the menu button and closes on Escape, giving focus back", async ({ page }) => {
  await page.goto("/agents");
  const nav = page.locator("#console-nav");
  await expect(nav).toBeHidden();
  const menu = page.getByRole("button", { name: "Open navigation" });
  await menu.click();
  await expect(nav).toBeVisible();
  await screenshot(page, "phone-navigation");
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await expectNoSidewaysScroll(page);
});

test("sandbox, traces and a trace read on a phone", async ({ page }) => {
  const reply = await sendInFreshSandboxSession(page, "I'm in France and want a refund for order 123");
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("provenance-footer").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-sandbox");

  await page.goto("/agents/refund-desk/traces");
  await expect(page.getByTestId("traces-table")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-traces");

  await page.getByTestId("trace-row").first().locator('a[href*="/traces/"]').first().click();
  await expect(page).toHaveURL(/\/traces\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("provenance-footer")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-trace");
});

test("an operator overrides a force-finalized loop from a phone", async ({ page, request }) => {
  await page.goto("/admin");
  const key = await createApiKey(page, `phone orchestrator ${RUN}`, ["loops:write"]);
  const forced = await postForcedLoopFamily(request, key, `phone_loop_${RUN}`);

  await page.goto("/loops");
  await expect(page.getByTestId(`loop-row-${forced}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-loops");

  await page.goto(`/loops/${forced}`);
  await page.getByTestId("override-button").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason").fill("Checked on the phone: one more pass is fine.");
  await screenshot(page, "phone-loop-override");
  await dialog.getByRole("button", { name: "Override guardrails" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("loop-override-summary")).toContainText("Checked on the phone");
  await expectNoSidewaysScroll(page);
});
