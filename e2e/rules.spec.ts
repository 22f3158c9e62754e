import { expect, type Page, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// The rule editor on a copy of the demo Refund desk: the live CEL check, the tester, versioning and the
// stale-version conflict. Every change here keeps the demo's behaviour (50 → 50.0, a cooldown on a
// once-per-session rule, a switch flipped back).

const { key: agentKey } = ownDemoAgent("rules");

test.describe.configure({ mode: "serial" });

// Sign in once for the file: sign-in is limited to 5 attempts a minute per address (lib/server/auth).
const ADMIN_STATE = authStatePath("rules-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

/** The config_version in the page header ("Desk rules … · v3 · 8 rules…"). */
async function shownVersion(page: Page): Promise<number> {
  const text =
    (await page
      .getByText(/· v\d+ ·/)
      .first()
      .textContent()) ?? "";
  return Number(/· v(\d+) ·/.exec(text)?.[1]);
}

test("edit max-refund: live parse error with position, tester, save makes a new version", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/rules`);
  await expect(page.getByTestId("rule-row-max-refund")).toBeVisible();
  const before = await shownVersion(page);

  await page.getByRole("button", { name: "Edit max-refund" }).click();
  const editor = page.getByTestId("rule-editor");
  const expression = editor.getByLabel("Enforcement expression (CEL)");
  const status = editor.getByTestId("cel-status");
  await expect(status).toHaveAttribute("data-state", "ok");

  await expression.fill("refund_amount <=");
  await expect(status).toHaveAttribute("data-state", "error");
  await expect(status).toContainText("Syntax error at column 17");
  await screenshot(page, "rules-editor-error");

  await expression.fill("refund_amount <= 50.0");
  await expect(status).toHaveAttribute("data-state", "ok");
  await editor.getByLabel("refund_amount").fill("75");
  await expect(editor.getByTestId("tester-result")).toHaveAttribute("data-state", "false");
  await editor.getByLabel("refund_amount").fill("30");
  await expect(editor.getByTestId("tester-result")).toHaveAttribute("data-state", "true");
  await editor.getByLabel("refund_amount").fill("75");
  await expect(editor.getByTestId("tester-result")).toHaveAttribute("data-state", "false");
  await screenshot(page, "rules-editor");

  await editor.getByRole("button", { name: "Save rule" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText(`· v${before + 1} ·`)).toBeVisible();
  await expect(page.getByTestId("rule-row-max-refund")).toContainText("refund_amount <= 50.0");

  await page.goto(`/agents/${agentKey}/history`);
  const newest = page.getByTestId("config-version").first();
  await expect(newest).toContainText(`v${before + 1}`);
  await expect(newest).toContainText("updated rule max-refund");
  await expect(newest).toContainText("refund_amount <= 50.0");
  await screenshot(page, "history");
});

test("filters live in the URL and / focuses the search", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/rules`);
  await page.locator("body").press("/");
  await expect(page.locator("[data-search]")).toBeFocused();
  await page.keyboard.type("refund");
  await page.getByLabel("Hard constraint").selectOption("hard");
  await expect(page).toHaveURL(/hard=hard/);
  await expect(page).toHaveURL(/q=refund/);
  await expect(page.getByTestId("rule-row-max-refund")).toBeVisible();
  await expect(page.getByTestId("rule-row-vip-thanks")).toHaveCount(0);
  await page.reload();
  await expect(page.locator("[data-search]")).toHaveValue("refund");
  await expect(page.getByTestId("rule-row-vip-thanks")).toHaveCount(0);
  await screenshot(page, "rules-filtered");

  // Priority sorts the table (TanStack Table) and the order lives in the URL too.
  const priority = page.getByRole("columnheader", { name: /Priority/ });
  await expect(priority).toHaveAttribute("aria-sort", "descending");
  await priority.getByRole("button").click();
  await expect(page).toHaveURL(/sort=asc/);
  await expect(priority).toHaveAttribute("aria-sort", "ascending");
  await priority.getByRole("button").click();
  await expect(page).not.toHaveURL(/sort=asc/);
});

test("a save over a newer version shows what changed, keeps the edits, and saves after a reload", async ({
  page,
  context,
}) => {
  await page.goto(`/agents/${agentKey}/rules`);
  await page.getByRole("button", { name: "Edit vip-thanks" }).click();
  const editor = page.getByTestId("rule-editor");
  await editor.getByLabel("Cooldown").fill("1");

  // Meanwhile another tab switches a rule off (one whose absence turns no demo test red, so the test
  // gate lets it through): the agent moves to a newer version.
  const other = await context.newPage();
  await other.goto(`/agents/${agentKey}/rules`);
  await other.getByRole("switch", { name: "Enabled: no-competitor-mentions" }).click();
  await expect(other.getByText("no-competitor-mentions disabled")).toBeVisible();
  await other.close();

  await editor.getByRole("button", { name: "Save rule" }).click();
  await expect(editor.getByText("Someone saved a newer version")).toBeVisible();
  await expect(editor).toContainText("disabled rule no-competitor-mentions");
  await expect(editor.getByLabel("Cooldown")).toHaveValue("1");
  await screenshot(page, "rules-conflict");

  await editor.getByRole("button", { name: "Reload, keep my edits" }).click();
  await editor.getByRole("button", { name: "Save rule" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId("rule-row-vip-thanks")).toContainText("cooldown 1");

  const competitors = page.getByRole("switch", { name: "Enabled: no-competitor-mentions" });
  await expect(competitors).not.toBeChecked();
  await competitors.click();
  await expect(page.getByText("no-competitor-mentions enabled")).toBeVisible();
});

test("a rule opens from its name or the keyboard, and its editor has a URL that reopens it", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/rules`);
  const name = page.getByRole("button", { name: "Refunds above $50 need a specialist", exact: true });
  await name.click();
  const editor = page.getByTestId("rule-editor");
  await expect(editor).toBeVisible();
  await expect(page).toHaveURL(/[?&]rule=max-refund/);

  await page.reload();
  await expect(page.getByTestId("rule-editor")).toBeVisible();
  await expect(page.getByTestId("rule-editor").getByLabel("Enforcement expression (CEL)")).toHaveValue(
    /^refund_amount <= 50/,
  );
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("rule-editor")).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]rule=/);

  // The name is a button: the keyboard opens the editor as a click does.
  await name.focus();
  await page.keyboard.press("Enter");
  await expect(editor).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
  // Closing gives focus back to what opened the editor, so the keyboard user goes on from the row.
  await expect(name).toBeFocused();
});

test("a new rule that repeats another one's condition and action is warned about, not refused", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/rules`);
  await page.getByRole("button", { name: "New rule" }).click();
  const editor = page.getByTestId("rule-editor");
  await editor.getByLabel("Name").fill("VIP thanks again");
  await editor.getByLabel("Condition (when)").fill("The customer is a VIP (tier is vip)");
  await editor
    .getByLabel("Action (then)")
    .fill("Thank the customer for being a VIP in one short sentence. Being VIP does not change what you can offer.");
  await expect(editor.getByText("Same as rule Thank VIP customers")).toBeVisible();
  await expect(editor.getByRole("button", { name: "Create rule" })).toBeEnabled();
  await screenshot(page, "rules-same-as-warning");
  await editor.getByLabel("Action (then)").fill("Thank the customer twice.");
  await expect(editor.getByText("Same as rule Thank VIP customers")).toHaveCount(0);
});
