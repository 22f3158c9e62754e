import { expect, type Page, test } from "@playwright/test";
import { addOperator, authStatePath, ownDemoAgent, saveSessionAs, screenshot, signIn } from "./fixtures";

// The Fields & Variables editors on a copy of the demo Refund desk, as a designer and as a viewer. The spec
// leaves the agent as the sandbox and rules specs expect it: the response variable it adds is deleted
// again, and the validation rule it adds to tier (size(value) <= 8) accepts both demo tiers.

const { key: agentKey } = ownDemoAgent("fields");

test.describe.configure({ mode: "serial" });

const stamp = Date.now();
const DESIGNER = { email: `fields-designer-${stamp}@focal.test`, name: "Dana Designer", password: "designer-pass-123" };
const VIEWER = { email: `fields-viewer-${stamp}@focal.test`, name: "Vic Viewer", password: "viewer-password-12" };
const STATE = (who: string) => authStatePath(`fields-${who}`);

// One sign-in per person for the file: sign-in is rate limited per address (lib/server/auth).
test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  const admin = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signIn(admin);
  await admin.goto("/admin");
  await addOperator(admin, DESIGNER, "designer");
  await addOperator(admin, VIEWER, "viewer");
  await admin.close();
  await saveSessionAs(browser, baseURL, DESIGNER, STATE("designer"));
  await saveSessionAs(browser, baseURL, VIEWER, STATE("viewer"));
});

/** The config_version in the page header ("Desk fields … · v3 · profile schema v1 · …"). */
async function shownVersion(page: Page): Promise<number> {
  const text = (await page.getByText(/· v\d+ · profile schema v\d+/).textContent()) ?? "";
  return Number(/· v(\d+) ·/.exec(text)?.[1]);
}

async function shownSchema(page: Page): Promise<number> {
  const text = (await page.getByText(/profile schema v\d+/).textContent()) ?? "";
  return Number(/profile schema v(\d+)/.exec(text)?.[1]);
}

test.describe("as a designer", () => {
  test.use({ storageState: STATE("designer") });

  test("adds a response variable: regex error, tester with the extracted value, save", async ({ page }) => {
    await page.goto(`/agents/${agentKey}/fields`);
    await expect(page.getByTestId("variable-row-refund_amount")).toBeVisible();
    await screenshot(page, "fields-page");
    const before = await shownVersion(page);

    await page.getByRole("button", { name: "New response variable" }).click();
    const editor = page.getByTestId("variable-editor");
    await editor.getByLabel("Name").fill("discount_percent");
    await editor.getByLabel("Type").selectOption("number");
    await editor.getByLabel("Description").fill("A discount the reply promises, in percent.");
    await editor.getByRole("button", { name: "Add pattern" }).click();
    const pattern = editor.getByLabel("Pattern 1", { exact: true });
    await expect(pattern).toBeFocused();
    const status = editor.getByTestId("variable-pattern-status-0");

    await pattern.fill("(\\d+%");
    await expect(status).toHaveAttribute("data-state", "error");
    await expect(status).toContainText("regex error");
    await expect(status).toContainText("missing closing )");
    await screenshot(page, "fields-variable-regex-error");

    await pattern.fill("(\\d+(?:\\.\\d+)?)\\s*%\\s*(?:off|discount)");
    await expect(status).toHaveAttribute("data-state", "ok");
    await editor.getByLabel("Reply").fill("Good news: I can give you 15 % off your next order, and free shipping.");
    const result = editor.getByTestId("variable-test-result");
    await expect(result).toHaveAttribute("data-state", "resolved");
    await expect(result).toContainText("discount_percent = 15");
    await expect(editor.getByTestId("pattern-result-0")).toContainText("15 % off your next order");
    // Disguised digits are the pipeline's business too: fullwidth "２０" is NFKC-folded to 20.
    await editor.getByLabel("Reply").fill("That is ２０% off, as promised.");
    await expect(result).toContainText("discount_percent = 20");
    await expect(editor.getByTestId("pattern-result-0")).toContainText("normalized + money");
    await editor.getByLabel("Reply").fill("Good news: I can give you 15 % off your next order, and free shipping.");
    await expect(result).toContainText("discount_percent = 15");
    await screenshot(page, "fields-variable-tester");

    await editor.getByRole("button", { name: "Create variable" }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText(`Saved discount_percent · v${before + 1}`)).toBeVisible();
    await expect(page.getByTestId("variable-row-discount_percent")).toContainText("(?:off|discount)");
    await expect(page.getByText(`· v${before + 1} ·`)).toBeVisible();
  });

  test("adds a money variable: currency, context words and rates checked inline, tester total, save", async ({
    page,
  }) => {
    await page.goto(`/agents/${agentKey}/fields`);
    await page.getByRole("button", { name: "New response variable" }).click();
    const editor = page.getByTestId("variable-editor");
    await editor.getByLabel("Name").fill("goodwill_credit");
    await editor.getByLabel("Type").selectOption("money");
    const money = editor.getByTestId("money-fields");
    await expect(money).toBeVisible();
    await money.getByLabel("Currency").fill("EU");
    await expect(money).toContainText("three-letter ISO 4217 code");
    await money.getByLabel("Currency").fill("EUR");
    await expect(money).not.toContainText("three-letter ISO 4217 code");
    await money.getByRole("button", { name: "Add context word" }).click();
    await money.getByLabel("Context word 1", { exact: true }).fill("goodwill");
    await money.getByRole("button", { name: "Add context word" }).click();
    await money.getByLabel("Context word 2", { exact: true }).fill("$ credit");
    await expect(money).toContainText("no digits or currency signs");
    await money.getByLabel("Context word 2", { exact: true }).fill("gesture");
    await money.getByRole("button", { name: "Add rate" }).click();
    await money.getByLabel("Rate 1 currency").fill("EUR");
    await money.getByLabel("Rate 1 value").fill("1");
    await expect(money).toContainText("EUR is the variable's own currency");
    await money.getByLabel("Rate 1 currency").fill("USD");
    await money.getByLabel("Rate 1 value").fill("0.9");
    await expect(money).not.toContainText("own currency");

    await editor.getByLabel("Reply").fill("As a goodwill gesture: €20 now, and another $30 goodwill credit next week.");
    await expect(editor.getByTestId("variable-test-result")).toContainText("goodwill_credit = [20, 27]");
    await expect(editor.getByTestId("money-test-result")).toContainText("goodwill_credit_total = 47");
    await screenshot(page, "fields-money-variable");

    await editor.getByRole("button", { name: "Create variable" }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText(/Saved goodwill_credit · v\d+/)).toBeVisible();
    await page.getByRole("button", { name: "Edit goodwill_credit" }).click();
    await expect(page.getByTestId("money-fields").getByLabel("Rate 1 value")).toHaveValue("0.9");
    await page.getByTestId("variable-editor").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Delete goodwill_credit" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete response variable" }).click();
    await expect(page.getByText(/Deleted goodwill_credit · v\d+/)).toBeVisible();
  });

  test("names as names: the demo's competitor list shows the matched span, a phrases variable is checked inline and saved", async ({
    page,
  }) => {
    await page.goto(`/agents/${agentKey}/fields`);
    await expect(page.getByTestId("variable-names-competitor_mentioned")).toContainText(
      "QuickCart, MegaMart, ShopNest, BargainBay",
    );
    await page.getByRole("button", { name: "Edit competitor_mentioned" }).click();
    let editor = page.getByTestId("variable-editor");
    const names = editor.getByTestId("phrases-fields");
    await expect(names.getByLabel("Name 1", { exact: true })).toHaveValue("QuickCart");
    await expect(names.getByLabel("Name 4", { exact: true })).toHaveValue("BargainBay");
    await editor.getByLabel("Reply").fill("Honestly, Quick-\nCart has it cheaper.");
    await expect(editor.getByTestId("variable-test-result")).toHaveAttribute("data-state", "true");
    await expect(editor.getByTestId("phrase-hit")).toContainText("QuickCart");
    await expect(editor.getByTestId("phrase-span")).toHaveText('"quick-\\ncart"');
    await editor.getByLabel("Reply").fill("We use a quick cart process; the MegaMartial arts DVD is in stock.");
    await expect(editor.getByTestId("variable-test-result")).toHaveAttribute("data-state", "false");
    await expect(editor.getByTestId("phrases-test-result")).toContainText("No listed name");
    await editor.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "New response variable" }).click();
    editor = page.getByTestId("variable-editor");
    await editor.getByLabel("Name").fill("rival_named");
    await editor.getByLabel("Type").selectOption("phrases");
    const rows = editor.getByTestId("phrases-fields");
    await rows.getByRole("button", { name: "Add name" }).click();
    await rows.getByLabel("Name 1", { exact: true }).fill("Acme Retail");
    await rows.getByRole("button", { name: "Add name" }).click();
    await rows.getByLabel("Name 2", { exact: true }).fill("x".repeat(201));
    await expect(rows).toContainText("Name 2: A name is at most 200 characters");
    await rows.getByLabel("Name 2", { exact: true }).fill("ShopNest");
    await expect(rows).not.toContainText("at most 200 characters");
    await editor.getByLabel("Reply").fill("You might prefer Acme\nRetail, or Acme  Retail, for that.");
    await expect(editor.getByTestId("variable-test-result")).toContainText("rival_named = true");
    await expect(editor.getByTestId("phrase-span").first()).toHaveText('"acme\\nretail"');
    await expect(editor.getByTestId("phrase-span").nth(1)).toHaveText('"acme  retail"');
    await screenshot(page, "fields-phrases-variable");
    await editor.getByRole("button", { name: "Create variable" }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText(/Saved rival_named · v\d+/)).toBeVisible();

    await page.getByRole("button", { name: "Edit refund_amount" }).click();
    editor = page.getByTestId("variable-editor");
    await editor.getByLabel("Reply").fill("Refunds are capped at $50; I can refund $50 now.");
    await expect(editor.getByTestId("variable-test-result")).toContainText("refund_amount = 50");
    await expect(editor.getByTestId("money-test-result")).toContainText("refund_amount_total = 50");
    await expect(editor.getByTestId("money-limits")).toContainText("$50");
    await screenshot(page, "fields-money-limits");
    await editor.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Delete rival_named" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete response variable" }).click();
    await expect(page.getByText(/Deleted rival_named · v\d+/)).toBeVisible();
  });

  test("edits tier's validation rules: parse error with position, tester per rule, new schema version", async ({
    page,
  }) => {
    await page.goto(`/agents/${agentKey}/fields`);
    const schema = await shownSchema(page);
    await page.getByRole("button", { name: "Edit tier" }).click();
    const editor = page.getByTestId("field-editor");
    await expect(editor.getByLabel("Validation rule 1", { exact: true })).toHaveValue('value in ["standard", "vip"]');

    await editor.getByRole("button", { name: "Add validation rule" }).click();
    const rule = editor.getByLabel("Validation rule 2", { exact: true });
    await expect(rule).toBeFocused();
    const status = editor.getByTestId("field-rule-status-1");
    await rule.fill("size(value) <=");
    await expect(status).toHaveAttribute("data-state", "error");
    await expect(status).toContainText("Syntax error at column 15");
    await screenshot(page, "fields-field-rule-error");

    await rule.fill("size(value) <= 8");
    await expect(status).toHaveAttribute("data-state", "ok");
    const value = editor.getByLabel("Value", { exact: true });
    const verdict = editor.getByTestId("field-test-result");
    await value.fill("vip");
    await expect(verdict).toHaveAttribute("data-state", "accepted");
    await expect(editor.getByTestId("field-test-rule-0")).toHaveAttribute("data-verdict", "pass");
    await expect(editor.getByTestId("field-test-rule-1")).toHaveAttribute("data-verdict", "pass");
    await value.fill("platinum-elite");
    await expect(verdict).toHaveAttribute("data-state", "rejected");
    await expect(verdict).toContainText('fails value in ["standard", "vip"]');
    await expect(editor.getByTestId("field-test-rule-0")).toHaveAttribute("data-verdict", "fail");
    await expect(editor.getByTestId("field-test-rule-1")).toHaveAttribute("data-verdict", "fail");
    await screenshot(page, "fields-field-tester");

    await editor.getByRole("button", { name: "Save field" }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText(`profile schema v${schema + 1}`).first()).toBeVisible();
    await expect(page.getByTestId("field-row-tier")).toContainText("size(value) <= 8");

    await page.goto(`/agents/${agentKey}/history`);
    await expect(page.getByTestId("config-version").first()).toContainText("updated profile field tier");
  });

  test("a variable a rule reads cannot be deleted; an unused one can", async ({ page }) => {
    await page.goto(`/agents/${agentKey}/fields`);
    await page.getByRole("button", { name: "Edit refund_amount" }).click();
    const editor = page.getByTestId("variable-editor");
    await expect(editor.getByTestId("used-by")).toContainText("max-refund");
    await editor.getByLabel("Reply").fill("I can refund you seventy-five dollars back today.");
    await expect(editor.getByTestId("variable-test-result")).toContainText("refund_amount = 75");
    await screenshot(page, "fields-variable-used-by");
    await editor.getByRole("button", { name: "Cancel" }).click();
    await expect(editor).toBeHidden();

    await page.getByRole("button", { name: "Delete refund_amount" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("cannot be deleted yet");
    await expect(dialog.getByRole("link", { name: "max-refund" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Delete response variable" })).toHaveCount(0);
    await screenshot(page, "fields-delete-refused");
    await dialog.getByRole("button", { name: "Close", exact: true }).first().click();

    await page.getByRole("button", { name: "Delete discount_percent" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete response variable" }).click();
    await expect(page.getByText(/Deleted discount_percent · v\d+/)).toBeVisible();
    await expect(page.getByTestId("variable-row-discount_percent")).toHaveCount(0);
  });
});

test.describe("as a viewer", () => {
  test.use({ storageState: STATE("viewer") });

  test("sees no edit controls; a field opens read-only with its tester", async ({ page }) => {
    await page.goto(`/agents/${agentKey}/fields`);
    await expect(page.getByTestId("field-row-tier")).toBeVisible();
    await expect(page.getByRole("button", { name: "New profile field" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "New response variable" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Edit|Delete) / })).toHaveCount(0);
    await screenshot(page, "fields-viewer");

    await page.getByRole("button", { name: "View tier" }).click();
    const editor = page.getByTestId("field-editor");
    await expect(editor.getByLabel("Display name")).toBeDisabled();
    await expect(editor.getByRole("button", { name: /Save|Create|Add|Remove/ })).toHaveCount(0);
    await editor.getByLabel("Value", { exact: true }).fill("standard");
    await expect(editor.getByTestId("field-test-result")).toHaveAttribute("data-state", "accepted");
    await screenshot(page, "fields-viewer-editor");
  });
});
