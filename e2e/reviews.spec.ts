import { expect, test } from "@playwright/test";
import {
  addOperator,
  authStatePath,
  ownDemoAgent,
  saveSessionAs,
  screenshot,
  sendInFreshSandboxSession,
  signIn,
} from "./fixtures";

// Review queue on a copy of the demo Refund desk, as a designer: a Sandbox conversation sent to review from its
// trace, labelled in the queue (turn 1 wrong with the max-refund rule at fault, the session
// resolved), then the dashboard's resolution rate. Nothing of the demo's configuration changes.

const { key: agentKey } = ownDemoAgent("reviews");

test.describe.configure({ mode: "serial" });

const MESSAGE = "I'm in France and want a refund for order 123";
const stamp = Date.now();
const DESIGNER = {
  email: `reviews-designer-${stamp}@focal.test`,
  name: "Rene Reviewer",
  password: "designer-pass-123",
};
const STATE = authStatePath("reviews-designer");

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  const admin = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signIn(admin);
  await admin.goto("/admin");
  await addOperator(admin, DESIGNER, "designer");
  await admin.close();
  await saveSessionAs(browser, baseURL, DESIGNER, STATE);
});
test.use({ storageState: STATE });

test("the sampling rules are a Reviews section in the agent's settings", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/settings`);
  const row = page.getByTestId("setting-reviews.sampling");
  await expect(row.getByLabel("Sample sessions for review")).toHaveAttribute("placeholder", "fallback=1, answered=0.1");
  await expect(row).toContainText("Outcomes: answered, clarified, regenerated, fallback, escalated, error");
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, "reviews-settings");
});

test("a designer sends a conversation to review from its trace, labels it and sees the resolution rate", async ({
  page,
}) => {
  const reply = await sendInFreshSandboxSession(page, MESSAGE, agentKey);
  await expect(reply).toBeVisible();
  const sessionId = new URL(page.url()).searchParams.get("session") ?? "";
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

  // Its trace: Add to review, once; the button then opens the review.
  await page.goto(`/agents/${agentKey}/traces?session=${sessionId}`);
  await page.getByTestId("trace-row").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/traces\/[0-9a-f-]{36}$/);
  await page.getByTestId("add-to-review").click();
  await expect(page.getByText("Added to the review queue")).toBeVisible();
  await expect(page.getByTestId("open-review-from-trace")).toBeVisible();

  // The queue, by the navigation.
  await page.getByRole("link", { name: "Reviews", exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agentKey}/reviews$`));
  const row = page.getByTestId("review-row").filter({ hasText: sessionId.slice(0, 8) });
  await expect(row).toContainText(`Added by ${DESIGNER.email}`);
  await expect(row).toContainText("open");
  await screenshot(page, "reviews-queue");

  // The review: turn 1 wrong, the max-refund rule at fault; the session resolved; saved from the keyboard.
  await row.getByTestId("open-review").click();
  await expect(page.getByRole("heading", { name: /Review of session/ })).toBeVisible();
  const turn = page.getByTestId("review-turn").first();
  await expect(turn).toContainText(MESSAGE);
  await expect(turn.getByTestId("review-turn-trace")).toHaveAttribute("href", /\/traces\//);
  await turn.getByRole("radio", { name: "Wrong" }).check();
  // A wrong turn without a fault is refused inline, before anything is sent.
  await page.getByTestId("save-review").click();
  await expect(turn).toContainText("Pick the rule or stage at fault.");
  await turn.getByTestId("review-fault").selectOption("rule:max-refund");
  await page.getByRole("radio", { name: "Resolved", exact: true }).check();
  await page.getByLabel("Note").fill("Quoted the refund before checking the limit.");
  await page.getByLabel("Note").press("Control+Enter");
  await expect(page.getByText("Review saved")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Review of session/ })).toContainText("reviewed · resolved");
  await expect(page.getByTestId("save-as-test")).toBeVisible();
  await screenshot(page, "reviews-session-review");

  // Reviewed filter lists it; the dashboard counts it.
  await page.goto(`/agents/${agentKey}/reviews?state=reviewed`);
  await expect(page.getByTestId("review-row").filter({ hasText: sessionId.slice(0, 8) })).toContainText("resolved");
  await page.goto(`/agents/${agentKey}`);
  const card = page.getByTestId("dashboard-resolution");
  await expect(card.getByTestId("resolution-rate").first()).toHaveText("100% (1 of 1)");
  // The screenshot is of the whole page; scrolling to the card first raced the dashboard's refresh,
  // which replaces the card (its element detached mid-scroll).
  await screenshot(page, "reviews-dashboard");
});
