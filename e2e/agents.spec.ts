import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { authStatePath, saveAdminSession, screenshot } from "./fixtures";

// New agent, Import bundle and Export bundle in the console. It adds agents under keys of its own
// and never changes the demo.

const ADMIN_STATE = authStatePath("agents-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

const run = Date.now().toString(36);

test("a designer creates an agent from the demo, exports it and imports it back under another key", async ({
  page,
}, testInfo) => {
  await page.goto("/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent" });
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Returns ${run}`);
  await expect(dialog.getByLabel("Key")).toHaveValue(`returns-${run}`);
  await dialog.getByLabel("A copy of the Refund desk").check();
  await screenshot(page, "agents-new-agent");
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/returns-${run}$`));
  await expect(page.getByRole("heading", { name: `Returns ${run}` })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export bundle" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`returns-${run}.bundle.json`);
  const exported = JSON.parse(fs.readFileSync(await file.path(), "utf8"));
  expect(exported.agent.key).toBe(`returns-${run}`);
  expect(exported.rules.length).toBeGreaterThan(0);

  // The same file back: the key is taken, so the console asks before replacing anything.
  const again = testInfo.outputPath("again.bundle.json");
  fs.writeFileSync(again, JSON.stringify(exported));
  await page.goto("/agents");
  await page.getByRole("button", { name: "Import bundle" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import bundle" });
  await importDialog.getByLabel("Bundle file").setInputFiles(again);
  await importDialog.getByRole("button", { name: "Import" }).click();
  await expect(importDialog.getByText(/exists already at v1/)).toBeVisible();
  await expect(importDialog.getByRole("button", { name: "Import" })).toBeDisabled();

  // Under a new key it imports as a new agent (another file: choosing the same path fires no change).
  exported.agent.key = `copy-${run}`;
  exported.agent.name = `Copy ${run}`;
  const copy = testInfo.outputPath("copy.bundle.json");
  fs.writeFileSync(copy, JSON.stringify(exported));
  await importDialog.getByLabel("Bundle file").setInputFiles(copy);
  await importDialog.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/copy-${run}$`));
});

test("a broken bundle lists its problems by path and imports nothing", async ({ page }, testInfo) => {
  const broken = testInfo.outputPath("broken.bundle.json");
  fs.writeFileSync(
    broken,
    JSON.stringify({
      focal_bundle: 1,
      agent: { key: `broken-${run}`, name: "Broken", settings: { scenario_filter: { stickiness_boost: 7 } } },
      rules: [{ key: "r", name: "R", scope: "PLANET" }],
    }),
  );
  await page.goto("/agents");
  await page.getByRole("button", { name: "Import bundle" }).click();
  const dialog = page.getByRole("dialog", { name: "Import bundle" });
  await dialog.getByLabel("Bundle file").setInputFiles(broken);
  await dialog.getByRole("button", { name: "Import" }).click();
  const problems = dialog.getByTestId("import-problems");
  await expect(problems).toContainText("agent.settings.scenario_filter.stickiness_boost");
  await expect(problems).toContainText("rules[0].scope");
  await screenshot(page, "agents-import-problems");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Broken" })).toHaveCount(0);
});
