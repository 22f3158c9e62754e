import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  addOperator,
  authStatePath,
  editMaxRefund,
  ownDemoAgent,
  saveSessionAs,
  screenshot,
  sendInFreshSandboxSession,
  signIn,
} from "./fixtures";

// Conversation tests on a copy of the demo Refund desk, as a designer: the gate blocks by default, the
// France conversation saved from the Sandbox as a test, a max-refund change that would turn it (and the
// demo's france-75-refund) red refused by the gate, then the suite run frozen and green. An admin saves
// the change anyway with its required reason (History shows it) and puts the limit back. The agent is
// put back: max-refund at $50, the gate at its default, the saved case deleted.

const { key: agentKey } = ownDemoAgent("conversation-tests", { testsGate: "block" });

test.describe.configure({ mode: "serial" });

const MESSAGE = "I'm in France and want a refund for order 123";
const CASE_KEY = `e2e-france-${Date.now()}`;
const stamp = Date.now();
const DESIGNER = { email: `tests-designer-${stamp}@focal.test`, name: "Tess Designer", password: "designer-pass-123" };
const STATE = (who: string) => authStatePath(`conversation-tests-${who}`);

// One sign-in per person for the file: sign-in is rate limited per address (lib/server/auth).
test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  const admin = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signIn(admin);
  await admin.context().storageState({ path: STATE("admin") });
  await admin.goto("/admin");
  await addOperator(admin, DESIGNER, "designer");
  await admin.close();
  await saveSessionAs(browser, baseURL, DESIGNER, STATE("designer"));
});
test.use({ storageState: STATE("designer") });

async function designerPage(browser: Browser, baseURL: string | undefined) {
  return browser.newPage({ baseURL, storageState: STATE("designer") });
}

/** Settings → Conversation tests → tests_gate back to its default (block) with Reset, when it was changed. */
async function resetGate(page: Page) {
  await page.goto(`/agents/${agentKey}/settings`);
  const row = page.getByTestId("setting-testing.tests_gate");
  const reset = row.getByRole("button", { name: "Reset to default" });
  if ((await reset.count()) === 0) return;
  await reset.click();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/Settings saved · v\d+/).first()).toBeVisible();
}

// Whatever happened above, the agent ends as it started.
test.afterAll(async ({ browser, baseURL }) => {
  const page = await designerPage(browser, baseURL);
  await resetGate(page);
  await page.goto(`/agents/${agentKey}/rules`);
  if (!((await page.getByTestId("rule-row-max-refund").textContent()) ?? "").includes("refund_amount <= 50")) {
    const editor = await editMaxRefund(page, agentKey, "refund_amount <= 50");
    await editor.getByRole("button", { name: "Save rule" }).click();
    await expect(editor).toBeHidden();
  }
  await page.request.delete(`/api/v1/agents/${agentKey}/tests/${CASE_KEY}`, { headers: { origin: String(baseURL) } });
  await page.close();
});

test("the conversation-tests gate blocks by default, with no value set on the demo", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/settings`);
  const row = page.getByTestId("setting-testing.tests_gate");
  await expect(row.getByLabel("Test gate on saves")).toHaveValue("block");
  await expect(row.getByRole("button", { name: "Reset to default" })).toHaveCount(0);
  await expect(row.getByText(/Block \(the default\): a save that turns passing tests red is refused/)).toBeVisible();
});

test("the France conversation is saved from the Sandbox as a test", async ({ page }) => {
  const reply = await sendInFreshSandboxSession(page, MESSAGE, agentKey);
  await expect(reply).toContainText("regenerated");
  await page.getByTestId("save-as-test").click();
  const dialog = page.getByTestId("save-as-test-dialog");
  const turn = dialog.getByTestId("proposal-turn");
  await expect(turn).toHaveCount(1);
  await expect(turn).toContainText(MESSAGE);
  await expect(turn).toContainText("recorded reply replayed in frozen runs");
  await expect(turn.getByRole("checkbox", { name: "Outcome is regenerated" })).toBeChecked();
  await expect(turn.getByRole("checkbox", { name: "Rule violation caught: max-refund" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Never ships a reply that breaks a hard rule" })).toBeChecked();
  await dialog.getByLabel("Key").fill(CASE_KEY);
  await dialog.getByLabel("Name").fill("France refund over the limit (saved from the Sandbox)");
  await dialog.getByLabel("Suite").fill("e2e");
  await screenshot(page, "tests-save-as-test-dialog");
  await dialog.getByTestId("save-proposal").click();
  await expect(dialog.getByTestId("saved-test-link")).toHaveAttribute("href", `/agents/${agentKey}/tests/${CASE_KEY}`);

  // On the Tests page the suite filter applies as it is chosen, like every list's filters.
  await page.goto(`/agents/${agentKey}/tests`);
  await page.getByRole("form", { name: "Filter cases" }).getByLabel("Suite").selectOption("e2e");
  await expect(page).toHaveURL(/[?&]suite=e2e/);
  await expect(page.getByText(CASE_KEY).first()).toBeVisible();
});

test("max-refund <= 80: the preview shows the cases turning red and the gate refuses the save", async ({ page }) => {
  const editor = await editMaxRefund(page, agentKey, "refund_amount <= 80");
  await editor.getByRole("button", { name: "Preview impact" }).click();
  const preview = page.getByTestId("impact-preview");
  const tests = preview.getByTestId("impact-tests");
  await expect(tests).toContainText(/Tests: \d+ → \d+ passing of \d+/, { timeout: 60_000 });
  await expect(tests).toContainText(CASE_KEY);
  await expect(tests).toContainText("france-75-refund");
  await screenshot(page, "tests-impact-preview");
  await preview.getByRole("button", { name: "Back to the editor" }).click();

  await editor.getByRole("button", { name: "Save rule" }).click();
  const refusal = editor.getByTestId("tests-gate-refusal");
  await expect(refusal).toContainText(CASE_KEY, { timeout: 60_000 });
  await expect(refusal).toContainText("france-75-refund");
  // The red cases the preview listed carry into the refusal, each with why it fails on the draft.
  await expect(refusal.getByTestId("tests-gate-red-cases").getByRole("link", { name: CASE_KEY })).toBeVisible();
  // A designer cannot save anyway; the message and the button offer a save into draft.
  await expect(refusal).toContainText("save into draft with a reason");
  await expect(editor.getByRole("button", { name: "Save anyway…" })).toHaveCount(0);
  await expect(editor.getByRole("button", { name: "Save into draft…" })).toBeVisible();
  // Every failure is named in plain words, never by its path in the case file.
  await expect(refusal.getByTestId("tests-gate-failures").first()).toContainText(/Turn \d+ should /);
  await expect(refusal).not.toContainText("assertions[");
  await screenshot(page, "tests-gate-refusal");

  // Fixed back: the draft is the saved rule again, nothing to save; the drawer closes without asking.
  await editor.getByLabel("Enforcement expression (CEL)").fill("refund_amount <= 50");
  await expect(editor.getByRole("button", { name: "Save rule" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
  await expect(page.getByTestId("rule-row-max-refund")).toContainText("refund_amount <= 50");
});

test("the gate's Open the tests keeps the edit", async ({ page, context }) => {
  const editor = await editMaxRefund(page, agentKey, "refund_amount <= 80");
  await editor.getByRole("button", { name: "Save rule" }).click();
  const refusal = editor.getByTestId("tests-gate-refusal");
  await expect(refusal).toContainText("france-75-refund", { timeout: 60_000 });
  const opened = context.waitForEvent("page");
  await refusal.getByRole("link", { name: "Open the tests in a new tab" }).click();
  const tests = await opened;
  await expect(tests).toHaveURL(new RegExp(`/agents/${agentKey}/tests`));
  await tests.close();
  // The drawer is still open with the unsaved edit and the refusal.
  await expect(editor.getByLabel("Enforcement expression (CEL)")).toHaveValue("refund_amount <= 80");
  await expect(refusal).toBeVisible();
  await editor.getByLabel("Enforcement expression (CEL)").fill("refund_amount <= 50");
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
});

test("a designer saves past the gate into draft with a reason", async ({ page, browser, baseURL }, testInfo) => {
  const editor = await editMaxRefund(page, agentKey, "refund_amount <= 80");
  await editor.getByRole("button", { name: "Save rule" }).click();
  const refusal = editor.getByTestId("tests-gate-refusal");
  await expect(refusal).toContainText("france-75-refund", { timeout: 60_000 });
  await editor.getByRole("button", { name: "Save into draft…" }).click();
  await editor.getByRole("button", { name: "Save into draft", exact: true }).click();
  await expect(editor.getByText(/Say why this change may turn these tests red/)).toBeVisible();
  await expect(editor.getByText(/production keeps serving its version/)).toBeVisible();
  await screenshot(page, "tests-gate-save-into-draft");
  await editor.getByLabel("Why save past the gate?").fill("wording trial in draft");
  await editor.getByRole("button", { name: "Save into draft", exact: true }).click();
  await expect(editor).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText(/Saved into draft past the test gate/)).toBeVisible();

  await page.goto(`/agents/${agentKey}/history`);
  const record = page.getByTestId("config-version").first().getByTestId("tests-gate-record");
  await expect(record).toContainText(/forced by .+: wording trial in draft/);

  // Back to $50 (the cases turn green, the gate lets it through), and production, held at the version
  // before the draft, promoted to it: the agent serves what it served before this step.
  const back = await editMaxRefund(page, agentKey, "refund_amount <= 50");
  await back.getByRole("button", { name: "Save rule" }).click();
  await expect(back).toBeHidden({ timeout: 60_000 });
  const admin = await browser.newPage({ baseURL, storageState: STATE("admin") });
  await admin.goto(`/agents/${agentKey}`);
  const draft = admin.getByTestId("draft-version");
  await expect(draft).toHaveText(/v\d+$/);
  const promoted = await admin.request.post(`/api/v1/agents/${agentKey}/environments/production/promote`, {
    headers: { origin: testInfo.project.use.baseURL ?? "" },
    data: { config_version: Number(/v(\d+)$/.exec((await draft.textContent()) ?? "")?.[1]) },
  });
  expect(promoted.status()).toBe(200);
  await admin.close();
});

test("an admin saves anyway with a reason, the ledger keeps it, and the limit goes back", async ({
  browser,
  baseURL,
}) => {
  const page = await browser.newPage({ baseURL, storageState: STATE("admin") });
  let editor = await editMaxRefund(page, agentKey, "refund_amount <= 80");
  await editor.getByRole("button", { name: "Save rule" }).click();
  await expect(editor.getByTestId("tests-gate-refusal")).toContainText(CASE_KEY, { timeout: 60_000 });
  await editor.getByRole("button", { name: "Save anyway…" }).click();
  await editor.getByRole("button", { name: "Save anyway", exact: true }).click();
  await expect(editor.getByText(/Say why this change may turn these tests red/)).toBeVisible();
  await screenshot(page, "tests-gate-save-anyway");
  await editor.getByLabel("Why save past the gate?").fill("trying a higher limit for one release");
  await editor.getByRole("button", { name: "Save anyway", exact: true }).click();
  await expect(editor).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText(/Saved past the test gate: .*now fail/)).toBeVisible();

  await page.goto(`/agents/${agentKey}/history`);
  const record = page.getByTestId("config-version").first().getByTestId("tests-gate-record");
  await expect(record).toContainText(
    /Test gate \(block\): \d+ cases turned red — .*france-75-refund.*; forced by .+: trying a higher limit for one release/,
  );
  await screenshot(page, "tests-history-forced");

  // Back to $50: every red case turns green again, so the gate lets it through.
  editor = await editMaxRefund(page, agentKey, "refund_amount <= 50");
  await editor.getByRole("button", { name: "Save rule" }).click();
  await expect(editor).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId("rule-row-max-refund")).toContainText("refund_amount <= 50");
  await page.close();
});

test("the Rules table's Enabled switch refused by the gate offers an admin Save anyway with a reason", async ({
  browser,
  baseURL,
}) => {
  const page = await browser.newPage({ baseURL, storageState: STATE("admin") });
  await page.goto(`/agents/${agentKey}/rules`);
  await page.getByRole("switch", { name: "Enabled: max-refund" }).click();
  const dialog = page.getByTestId("tests-gate-dialog");
  await expect(dialog).toContainText("france-75-refund", { timeout: 60_000 });
  await expect(dialog).toContainText("Disable Refunds");
  await dialog.getByRole("button", { name: "Save anyway…" }).click();
  await dialog.getByRole("button", { name: "Save anyway", exact: true }).click();
  await expect(dialog.getByText(/Say why this change may turn these tests red/)).toBeVisible();
  await screenshot(page, "rules-switch-tests-gate");
  await dialog.getByLabel("Why save past the gate?").fill("pausing the cap for a day");
  await dialog.getByRole("button", { name: "Save anyway", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole("switch", { name: "Enabled: max-refund" })).not.toBeChecked();

  // Back on: the cases turn green again, so the gate lets it through.
  await page.getByRole("switch", { name: "Enabled: max-refund" }).click();
  await expect(page.getByRole("switch", { name: "Enabled: max-refund" })).toBeChecked({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  await page.close();
});

test("the Tests page runs the suite frozen: every case passes, with pass^k", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/tests`);
  await expect(page.getByTestId(`test-case-${CASE_KEY}`)).toContainText("e2e");
  await expect(page.getByTestId("test-case-france-75-refund")).toBeVisible();
  await page.getByLabel("k", { exact: true }).fill("3");
  await page.getByLabel("Tries").fill("3");
  await page.getByTestId("run-suite").click();
  const report = page.getByTestId("test-run-report");
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report).toContainText("pass^3");
  await expect(report.getByTestId(`report-case-${CASE_KEY}`)).toContainText("passed");
  await expect(report.locator("[data-testid^=report-case-]").filter({ hasText: "failed" })).toHaveCount(0);
  await expect(page.getByTestId("test-run-row").first()).toContainText("100% (k=3)");
  await screenshot(page, "tests-run-report");
  await page.goto(`/agents/${agentKey}/tests`);
  await expect(page.getByTestId(`test-case-${CASE_KEY}`)).toContainText("passed");
  await screenshot(page, "tests-page");
});

test("the saved case in its editor runs green on its own", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/tests/${CASE_KEY}`);
  const editor = page.getByTestId("test-editor");
  await expect(editor.getByLabel("Key")).toHaveValue(CASE_KEY);
  await expect(editor.getByTestId("test-turn")).toContainText("recorded reply replayed in frozen runs");
  await screenshot(page, "tests-editor");
  await page.getByRole("button", { name: "Run this case" }).click();
  await expect(page.getByTestId("case-run-result")).toContainText("passed", { timeout: 60_000 });

  // An assertion the recorded reply cannot meet: saved, the case runs red with the turn's facts.
  const turn = editor.getByTestId("test-turn");
  await turn.getByLabel("Kind of assertion to add").selectOption("reply_contains");
  await turn.getByRole("button", { name: "Add assertion" }).click();
  const added = turn.getByTestId("assertion-row").last();
  await added.getByLabel("Text").fill("a full refund today");
  await editor.getByTestId("save-test").click();
  await expect(page.getByText(`Saved test ${CASE_KEY}`)).toBeVisible();
  await page.getByRole("button", { name: "Run this case" }).click();
  const result = page.getByTestId("case-run-result");
  await expect(result).toContainText("1 assertion failed", { timeout: 60_000 });
  await expect(result.getByTestId("turn-trace")).toContainText(MESSAGE);
  await turn.scrollIntoViewIfNeeded();
  await screenshot(page, "tests-editor-turns");
  await result.scrollIntoViewIfNeeded();
  await screenshot(page, "tests-editor-failing-run");
  await added.getByRole("button", { name: /Remove assertion/ }).click();
  await editor.getByTestId("save-test").click();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
});

test("the agent is put back: the gate at its default (recorded in History), the saved case deleted", async ({
  page,
}) => {
  await resetGate(page);
  await page.goto(`/agents/${agentKey}/history`);
  await expect(page.getByTestId("config-version").first().getByTestId("tests-gate-record")).toContainText(
    /Test gate \(block\): all \d+ cases still pass/,
  );
  await page.goto(`/agents/${agentKey}/tests/${CASE_KEY}`);
  await page.getByRole("button", { name: "Delete" }).click();
  await screenshot(page, "tests-delete-dialog");
  await page.getByRole("button", { name: "Delete test" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agentKey}/tests$`));
  await expect(page.getByTestId(`test-case-${CASE_KEY}`)).toHaveCount(0);
});
