import { expect, test } from "@playwright/test";
import {
  addOperator,
  authStatePath,
  editMaxRefund,
  ownDemoAgent,
  saveAdminSession,
  screenshot,
  sendInFreshSandboxSession,
  signInAs,
} from "./fixtures";

// Change safety on a copy of the demo Refund desk: the France conversation regenerates its first draft ($75
// offered, `refund_amount <= 50` fails). Raising the limit to 80 in the rule editor, the impact preview
// shows that turn would now be answered; the save records the preview's counts in History, and
// "Replay this session" on the turn's trace shows it changed. The limit is put back at the end.

const { key: agentKey } = ownDemoAgent("impact-preview", { testsGate: "block" });

const MESSAGE = "I'm in France and want a refund for order 123";
const VIEWER = { email: `replay-viewer-${Date.now()}@focal.test`, name: "Rita Reader", password: "viewer-password-12" };

test.describe.configure({ mode: "serial" });

// Sign in once for the file: sign-in is limited per address (lib/server/auth).
const ADMIN_STATE = authStatePath("impact-preview-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

let traceUrl = "";
let sessionId = "";
let previewed = { changed: 0, turns: 0 };

test("the France conversation in the sandbox", async ({ page }) => {
  const reply = await sendInFreshSandboxSession(page, MESSAGE, agentKey);
  await expect(reply).toContainText("regenerated");
  traceUrl = (await reply.getByRole("link", { name: "trace" }).getAttribute("href")) ?? "";
  expect(traceUrl).toMatch(/\/traces\/[0-9a-f-]{36}$/);
  sessionId = new URL(page.url()).searchParams.get("session") ?? "";
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
});

test("preview the impact of max-refund <= 80, open the changed turn, save with the counts", async ({ page }) => {
  const editor = await editMaxRefund(page, agentKey, "refund_amount <= 80");
  await screenshot(page, "rules-editor-preview-impact");
  await editor.getByRole("button", { name: "Preview impact" }).click();

  const preview = page.getByTestId("impact-preview");
  const headline = preview.getByTestId("impact-headline");
  await expect(headline).toHaveText(/^[1-9]\d* of \d+ turns? would change$/, { timeout: 30_000 });
  const [changed, turns] = ((await headline.textContent()) ?? "").match(/\d+/g)?.map(Number) ?? [];
  previewed = { changed: changed ?? 0, turns: turns ?? 0 };
  await expect(preview).toContainText("Rules that start firing");

  // Other specs' sessions may change too: open this spec's own turn, found by its session.
  const row = preview
    .getByTestId("impact-turn")
    .filter({ hasText: sessionId.slice(0, 8) })
    .first();
  await row.getByRole("button").click();
  const comparison = row.getByTestId("turn-comparison");
  await expect(comparison.getByRole("region", { name: "Saved configuration" })).toContainText("regenerated");
  await expect(comparison.getByRole("region", { name: "This draft" })).toContainText("answered");
  await expect(comparison.locator("ins").first()).toBeVisible();
  await expect(row.getByRole("link", { name: /Open the original trace/ })).toHaveAttribute("href", traceUrl);
  await screenshot(page, "impact-preview");
  // The smallest supported laptop width: the two columns must still read.
  await page.setViewportSize({ width: 1024, height: 768 });
  await comparison.getByRole("region", { name: "This draft" }).scrollIntoViewIfNeeded();
  await screenshot(page, "impact-preview-1024");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The preview's red tests: the gate (block by default) refuses the save and lists the same cases;
  // the admin saves anyway with the reason the ledger keeps.
  await expect(preview.getByTestId("impact-tests")).toContainText("france-75-refund");
  await preview.getByRole("button", { name: "Back to the editor" }).click();
  await expect(preview).toBeHidden();
  await editor.getByRole("button", { name: "Save rule" }).click();
  const refusal = editor.getByTestId("tests-gate-refusal");
  await expect(refusal.getByTestId("tests-gate-red-cases")).toContainText("france-75-refund", { timeout: 60_000 });
  await screenshot(page, "impact-preview-gate-refusal");
  await editor.getByRole("button", { name: "Save anyway…" }).click();
  await editor.getByLabel("Why save past the gate?").fill("trying $80 for the preview walk-through");
  await editor.getByRole("button", { name: "Save anyway", exact: true }).click();
  await expect(editor).toBeHidden({ timeout: 60_000 });

  await page.goto(`/agents/${agentKey}/history`);
  const newest = page.getByTestId("config-version").first();
  await expect(newest).toContainText("updated rule max-refund");
  await expect(newest.getByTestId("preview-counts")).toContainText(
    `Previewed: ${previewed.changed} of ${previewed.turns} turn`,
  );
  await expect(newest.getByTestId("preview-counts")).toContainText(/\(\d+ outcome changes?, \d+ newly blocked/);
  await screenshot(page, "history-preview-counts");
});

test("replay this session on its trace against the current configuration", async ({ page }) => {
  await page.goto(traceUrl);
  const replay = page.getByTestId("session-replay");
  await expect(replay.getByLabel("Configuration")).toHaveValue(/\d+/);
  await replay.getByRole("button", { name: "Replay this session" }).click();
  const turn = replay.getByTestId("replayed-turn").first();
  await expect(turn).toHaveAttribute("data-status", "changed", { timeout: 30_000 });
  await expect(turn).toContainText("this turn");
  await expect(turn.getByRole("region", { name: "Replay" })).toContainText("answered");
  await expect(turn.getByTestId("stage-pair").first()).toBeVisible();
  await screenshot(page, "trace-session-replay");
  await turn.getByTestId("stage-pair").first().scrollIntoViewIfNeeded();
  await screenshot(page, "trace-session-replay-stages");
});

test("a viewer sees Replay this session disabled, with who can run it", async ({ page, browser, baseURL }) => {
  await page.goto("/admin");
  await addOperator(page, VIEWER, "viewer");
  const viewer = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signInAs(viewer, VIEWER);
  await viewer.goto(traceUrl);
  const replay = viewer.getByTestId("session-replay");
  await expect(replay.getByRole("button", { name: "Replay this session" })).toBeDisabled();
  await expect(replay.getByTestId("replay-viewer-note")).toContainText("a designer can replay this session");
  await viewer.close();
});

test("the limit is put back: max-refund <= 50", async ({ page }) => {
  const editor = await editMaxRefund(page, agentKey, "refund_amount <= 50");
  await editor.getByRole("button", { name: "Save rule" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId("rule-row-max-refund")).toContainText("refund_amount <= 50");
});
