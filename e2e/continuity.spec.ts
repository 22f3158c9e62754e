import { expect, type Page, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// Continuity (docs/continuity.md) in the sandbox: with continuity on for the session, a follow-up that names one of the
// orders the agent listed is resolved by the deterministic tie-break: no sensor call, no clarifier.
// The offline provider's list_orders returns sample1, sample2, sample3 and 123 (lib/demo).

const { key: agentKey } = ownDemoAgent("continuity");
const LIST = "I want my money back, can you show me my orders?";
const PICK = "open the sample2 pls";
// Goals (docs/goals.md): an accepted reformulation of LIST (checked with the five reformulation
// criteria) and its evidence.
const REFORMULATED = "I want my money back for order sample2, can you show me my orders?";
const EVIDENCE_ID = `chat-evidence-${Date.now()}`;

test.describe.configure({ mode: "serial" });

// Sign in once for the file: sign-in is limited per address (lib/server/auth).
const ADMIN_STATE = authStatePath("continuity-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

function sessionOf(page: Page): string {
  return new URL(page.url()).searchParams.get("session") ?? "";
}

/** A fresh session, so earlier runs' turns and continuity settings do not leak in. */
async function resetSession(page: Page) {
  await page.goto(`/agents/${agentKey}/sandbox`);
  const before = sessionOf(page);
  if (await page.getByText("No sandbox session yet").isVisible()) {
    await page.getByRole("button", { name: "Start a session" }).click();
  } else {
    await page.getByTestId("sandbox-reset").click();
  }
  await expect.poll(() => sessionOf(page)).toMatch(/^[0-9a-f-]{36}$/);
  expect(sessionOf(page)).not.toBe(before);
  await expect(page.getByRole("log", { name: "Conversation" }).getByText("New session")).toBeVisible();
}

async function send(page: Page, message: string, count: number) {
  const input = page.getByTestId("sandbox-input");
  await input.fill(message);
  await input.press("Enter");
  await expect(page.getByTestId("agent-message")).toHaveCount(count);
  await expect(page.getByTestId("agent-thinking")).toHaveCount(0);
}

test("continuity on: 'open the sample2 pls' picks the listed order without a clarifier", async ({ page }) => {
  await resetSession(page);
  const toggle = page.getByTestId("continuity-toggle");
  await expect(toggle).toHaveValue("flag");
  // The e2e server leaves the deployment switch off: the default is off, and the option says so.
  await expect(toggle.locator("option[value=flag]")).toHaveText("default — off by default");
  await toggle.selectOption("on");
  const toast = page.getByText("Continuity on for this session from the next turn.");
  await expect(toast).toBeVisible();
  await expect(page.getByTestId("continuity-value")).toHaveText("on");

  await send(page, LIST, 1);
  const listed = page.getByTestId("agent-message").first();
  await expect(listed).toContainText("sample2");
  await send(page, PICK, 2);
  const picked = page.getByTestId("agent-message").nth(1);
  await expect(picked).not.toHaveAttribute("aria-label", /clarified/);

  // Select that turn, then read why continuity resolved it.
  await picked.getByRole("button", { name: /turn 2$/ }).click();
  await expect(page).toHaveURL(/[?&]turn=[0-9a-f-]{36}/);
  await expect(page.getByRole("heading", { name: /^Turn 2/ })).toBeVisible();
  await page.getByRole("tab", { name: "Continuity" }).click();
  const panel = page.getByTestId("continuity-panel");
  await expect(panel.getByTestId("continuity-decision")).toHaveText("resolved");
  await expect(panel.getByTestId("continuity-reasons")).toContainText("deterministic_continuity_resolve");
  const winner = panel.locator('[data-testid="continuity-candidate"][data-winner]');
  await expect(winner).toHaveCount(1);
  await expect(winner).toContainText("sample2");
  await expect(panel.getByTestId("continuity-candidate").filter({ hasText: "sample1" })).toContainText(
    "label not in the message",
  );
  // The toast would cover the panel's lower half in the screenshot.
  await expect(toast).toBeHidden();
  await screenshot(page, "sandbox-continuity");
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, "sandbox-continuity-1024");
  await page.setViewportSize({ width: 1280, height: 800 });

  // No model call to understand the message: the turn has a continuity stage and no sensor stage.
  await page.getByRole("tab", { name: "Timeline" }).click();
  const timeline = page.getByTestId("timeline");
  await expect(timeline.locator('[data-testid="span-row"][data-span="continuity"]')).toHaveCount(1);
  await expect(timeline.locator('[data-testid="span-row"][data-span="sensor"]')).toHaveCount(0);

  // The first turn ran continuity too, with nothing to pick from yet.
  await listed.getByRole("button", { name: /turn 1$/ }).click();
  await expect(page.getByRole("heading", { name: /^Turn 1/ })).toBeVisible();
  await expect(timeline.locator('[data-testid="span-row"][data-span="sensor"]')).toHaveCount(1);
  await page.getByRole("tab", { name: "Continuity" }).click();
  await expect(panel.getByTestId("continuity-decision")).toHaveText("passed through");
  await expect(panel.getByTestId("continuity-blocked")).toHaveText("no active option set");
  await screenshot(page, "sandbox-continuity-turn1");

  // New session keeps the sandbox's choice; back to the default for the next test.
  await page.getByTestId("sandbox-reset").click();
  await expect(page.getByTestId("agent-message")).toHaveCount(0);
  await expect(page.getByTestId("continuity-value")).toHaveText("on");
  await page.getByTestId("continuity-toggle").selectOption("flag");
  await expect(page.getByText("Continuity back to the default (off by default) from the next turn.")).toBeVisible();
});

test("continuity off: the tab says how to turn it on; a reformulated goal can be restored", async ({
  page,
  request,
}) => {
  await resetSession(page);
  const sessionId = sessionOf(page);
  // The e2e server leaves the deployment switch off: the default is off.
  await expect(page.getByTestId("continuity-toggle")).toHaveValue("flag");
  await send(page, LIST, 1);
  await page.getByRole("tab", { name: "Continuity" }).click();
  await expect(page.getByTestId("continuity-off")).toHaveText(
    "Continuity was off for this turn — turn it on in the header to let follow-ups like 'open the sample2 pls' resolve without a clarifier.",
  );
  await screenshot(page, "sandbox-continuity-off");
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, "sandbox-continuity-off-1024");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("tab", { name: "State" }).click();
  await expect(page.getByTestId("state-continuity")).toContainText("off by default");
  await expect(page.getByTestId("state-continuity")).toContainText("the deployment does not allow it yet");
  await expect(page.getByTestId("restore-goal")).toHaveCount(0);
  const sandboxUrl = page.url();

  // An orchestrator proposes a reformulation through the API; it is accepted and logged.
  await page.goto("/admin");
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(`e2e goals ${EVIDENCE_ID}`);
  await dialog.getByLabel("goals:write").check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^fk_/);
  await page.getByRole("button", { name: "Done" }).click();
  const proposed = await request.post(`/api/v1/sessions/${sessionId}/goal/reformulations`, {
    headers: { authorization: `Bearer ${key}` },
    data: {
      reformulated: REFORMULATED,
      type: "scope_narrowing",
      confidence: 0.97,
      evidence: [{ id: EVIDENCE_ID, text: "The customer named order sample2." }],
    },
  });
  expect(proposed.status()).toBe(200);
  expect(await proposed.json()).toMatchObject({ accepted: true, code: null });

  // The next turn runs on the reformulation: its footer shows it with the evidence id.
  await page.goto(sandboxUrl);
  await send(page, "thanks", 2);
  const footer = page.getByTestId("agent-message").nth(1).getByTestId("provenance-footer");
  await expect(footer).toContainText("reformulated");
  await expect(footer.getByTestId("goal-evidence")).toContainText(EVIDENCE_ID.slice(0, 20));

  await page.getByRole("tab", { name: "State" }).click();
  const goal = page.getByTestId("goal-section");
  await expect(goal).toContainText(REFORMULATED);
  await screenshot(page, "sandbox-goal-reformulated");
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, "sandbox-goal-reformulated-1024");
  await page.setViewportSize({ width: 1280, height: 800 });
  await goal.getByTestId("restore-goal").click();
  await expect(page.getByText(/Original goal restored; the next turn runs on it\./)).toBeVisible();
  await expect(goal).toContainText("Restored: the next turn runs on the original goal.");
  await expect(goal.getByTestId("restore-goal")).toHaveCount(0);

  // The turn after runs on the original again.
  await send(page, "ok", 3);
  await expect(page.getByTestId("agent-message").nth(2).getByTestId("provenance-footer")).not.toContainText(
    "reformulated",
  );
});
