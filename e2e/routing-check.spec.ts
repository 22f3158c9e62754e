import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { authStatePath, saveAdminSession, screenshot } from "./fixtures";

// "Check routing" on the Scenarios page, on agents of its own (the demo is never changed): a copy of the
// Refund desk with a price question planted among Refund's entry examples and a Shipping scenario of two
// examples, and an agent with no scenarios at all.

const ADMIN_STATE = authStatePath("routing-check-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

const run = Date.now().toString(36);
const PLANTED = "What's the price of the blue kettle with shipping to France?";

function plantedBundle(key: string) {
  const demo = JSON.parse(fs.readFileSync(path.join("lib", "demo", "refund-desk.bundle.json"), "utf8"));
  demo.agent = { ...demo.agent, key, name: `Planted ${run}` };
  demo.scenarios.find((s: { key: string }) => s.key === "refund").entry_examples.push(PLANTED);
  demo.scenarios.push({
    key: "shipping",
    name: "Shipping status",
    intent_label: "shipping_status",
    entry_examples: ["where is my parcel?", "has my order shipped yet?"],
    entry_step: "ask",
    steps: [{ key: "ask", name: "Ask", instructions: "Ask for the order number.", is_terminal: true }],
  });
  return demo;
}

test("Check routing flags a planted weak example and a scenario with two examples", async ({ page }, testInfo) => {
  const key = `planted-${run}`;
  const file = testInfo.outputPath("planted.bundle.json");
  fs.writeFileSync(file, JSON.stringify(plantedBundle(key)));
  await page.goto("/agents");
  await page.getByRole("button", { name: "Import bundle" }).click();
  const dialog = page.getByRole("dialog", { name: "Import bundle" });
  await dialog.getByLabel("Bundle file").setInputFiles(file);
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${key}$`));

  await page.goto(`/agents/${key}/scenarios`);
  // From the keyboard: focus the button and press Enter.
  const button = page.getByRole("button", { name: "Check routing" });
  await button.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByTestId("routing-check");
  await expect(panel.getByTestId("routing-check-summary")).toContainText(/of 12 entry examples came back/);
  await expect(panel.getByTestId("routing-check-summary")).toContainText("1 scenario with fewer than 3 examples");
  await expect(panel.getByRole("status").filter({ hasText: "Shipping status" })).toContainText("Only 2 entry examples");

  const planted = panel.getByRole("row").filter({ hasText: PLANTED });
  await expect(planted).toHaveAttribute("data-flagged", "true");
  await expect(planted.getByTestId("routing-advice")).toContainText('"Pricing question"');
  await expect(planted).toContainText("Reword it");
  await planted.scrollIntoViewIfNeeded();
  await screenshot(page, "routing-check");
});

test("Check routing on an agent with no scenarios says there is nothing to check", async ({ page }) => {
  await page.goto("/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent" });
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Empty ${run}`);
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/empty-${run}$`));

  await page.goto(`/agents/empty-${run}/scenarios`);
  await page.getByRole("button", { name: "Check routing" }).click();
  await expect(page.getByTestId("routing-check")).toContainText("Nothing to check yet");
  await screenshot(page, "routing-check-empty");
});
