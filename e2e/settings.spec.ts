import { expect, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// The settings editor on a copy of the demo Refund desk. It ends where it started (every key at its
// default).

const { key: agentKey } = ownDemoAgent("settings");

// Sign in once for the file: sign-in is limited to 5 attempts a minute per address (lib/server/auth).
const ADMIN_STATE = authStatePath("settings-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

test("a setting is changed against its default, refused out of range, then reset; each save a version", async ({
  page,
}) => {
  await page.goto(`/agents/${agentKey}/settings`);
  const row = page.getByTestId("setting-scenario_filter.stickiness_boost");
  const value = row.getByLabel("Stickiness", { exact: true });
  await expect(value).toHaveValue("0.15");
  await expect(row).toContainText("0.15");

  await value.fill("7");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(row.locator("[data-slot=field-error]")).not.toBeEmpty();

  await value.fill("0.25");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/Settings saved · v\d+/)).toBeVisible();
  await screenshot(page, "settings-editor");

  await row.getByRole("button", { name: "Reset to default" }).click();
  await expect(value).toHaveValue("0.15");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(row.getByRole("button", { name: "Reset to default" })).toHaveCount(0);

  await page.goto(`/agents/${agentKey}/history`);
  await expect(page.getByTestId("config-version").first()).toContainText("scenario_filter.stickiness_boost");
  await expect(page.getByTestId("config-version").nth(1)).toContainText("0.25");
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width}×${size.height} a row brought into view stops below the sticky save bar`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(`/agents/${agentKey}/settings`);
    const bar = page.getByRole("button", { name: "Save settings" }).locator("..");
    const row = page.getByTestId("setting-scenario_filter.stickiness_boost");
    // Scrolled past, then brought back as keyboard focus does: the row's top edge is the nearest.
    await page.locator("#main").evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await row.evaluate((el) => el.scrollIntoView({ block: "start" }));
    const barBox = await bar.boundingBox();
    const rowBox = await row.boundingBox();
    expect(rowBox?.y ?? 0).toBeGreaterThanOrEqual((barBox?.y ?? 0) + (barBox?.height ?? 0));
    await page.screenshot({ path: `test-results/screenshots/settings-bar-${size.width}.png` });
    // The last row scrolls clear of the page's foot.
    await page.locator("#main").evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await page.screenshot({ path: `test-results/screenshots/settings-bottom-${size.width}.png` });
  });
}
