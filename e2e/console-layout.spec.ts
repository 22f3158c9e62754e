import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  addOperator,
  authStatePath,
  DEMO_BUNDLE,
  ownDemoAgent,
  saveAdminSession,
  saveSessionAs,
  screenshot,
  sendInFreshSandboxSession,
} from "./fixtures";

// The console as a team meets it in its second week: the sidebar's groups fit a 1440 × 900 laptop with
// room for four more sections (and all fit 1280 × 800); the inbox hydrates without React's mismatch
// error, a phone that opens a conversation from a long queue finds it and its reply box in view, and a
// claim covers no control; the sandbox opens the operator's own session; the dashboard says what
// production serves. It imports an agent of its own for the inbox, and hands every handoff back.

test.describe.configure({ mode: "serial" });

const ADMIN_STATE = authStatePath("console-layout-admin");
const DESIGNER_STATE = authStatePath("console-layout-designer");
const run = Date.now().toString(36);
const DESIGNER = {
  email: `layout-designer-${run}@focal.test`,
  name: "Dana Designer",
  password: "layout-designer-pw-1",
};
const { key: agentKey, name: agentName } = ownDemoAgent("layout-desk", { name: `Layout desk ${run}` });
// A phone's queue of this many cards is about 1,700 px tall: the conversation opens far below it.
const QUEUE_LENGTH = 12;
const handoffIds: string[] = [];
const sessionIds: string[] = [];

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL ?? "";
  await saveAdminSession(browser, baseURL, ADMIN_STATE);
  const admin = await browser.newPage({ baseURL, storageState: ADMIN_STATE });
  const headers = { origin: baseURL };
  for (let i = 0; i < QUEUE_LENGTH; i++) {
    const session = await admin.request.post(`/api/v1/agents/${agentKey}/sessions`, {
      headers,
      data: { customer_id: `layout-customer-${run}-${i}` },
    });
    const sessionId = (await session.json()).session_id as string;
    const taken = await admin.request.post(`/api/v1/sessions/${sessionId}/handoff`, {
      headers,
      data: { reason: `checking order ${100 + i} by hand` },
    });
    expect(taken.status()).toBe(201);
    sessionIds.push(sessionId);
    handoffIds.push((await taken.json()).handoff.id as string);
  }
  await admin.goto("/admin");
  await addOperator(admin, DESIGNER, "designer");
  await admin.close();
  await saveSessionAs(browser, baseURL, DESIGNER, DESIGNER_STATE);
});

// Every handoff made here goes back to the agent: other specs' inbox counts start from theirs alone.
test.afterAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL ?? "";
  const admin = await browser.newPage({ baseURL, storageState: ADMIN_STATE });
  const headers = { origin: baseURL };
  for (const id of handoffIds) {
    await admin.request.post(`/api/v1/handoffs/${id}/claim`, { headers, data: {} });
    await admin.request.post(`/api/v1/handoffs/${id}/return`, { headers, data: { note: "" } });
  }
  await admin.close();
});

test.use({ storageState: ADMIN_STATE, viewport: LAPTOP });

/** React's and the browser's errors while the page lives (hydration mismatches are console errors). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** The sections' list: how tall it is, the room it has, and one row's height. */
function navRoom(page: Page) {
  return page.getByTestId("console-nav-sections").evaluate((nav) => {
    const rows = [...nav.querySelectorAll("li")];
    const last = rows.at(-1)?.getBoundingClientRect();
    const content = (last?.bottom ?? 0) - nav.getBoundingClientRect().top;
    return {
      overflows: nav.scrollHeight > nav.clientHeight,
      spare: nav.clientHeight - content,
      row: rows[0]?.getBoundingClientRect().height ?? 0,
    };
  });
}

/** The element at the centre of `locator` is the locator's own (nothing, such as a toast, lies over it). */
async function expectUncovered(locator: Locator) {
  const uncovered = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
  expect(uncovered).toBe(true);
}

test("the sidebar's groups fit 1440 × 900 with room for four more sections, and all fit 1280 × 800", async ({
  page,
}) => {
  await page.goto(`/agents/${agentKey}`);
  const nav = page.getByRole("navigation", { name: "Sections" });
  for (const heading of ["Design", "Test", "Operate", "Release", "Admin"]) {
    await expect(nav.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  const room = await navRoom(page);
  expect(room.overflows).toBe(false);
  expect(room.spare).toBeGreaterThanOrEqual(4 * room.row);
  for (const label of ["Users & keys", "Jobs", "REST API"]) {
    const link = nav.getByRole("link", { name: label });
    await expect(link).toBeInViewport({ ratio: 1 });
    await expectUncovered(link);
  }
  await screenshot(page, "sidebar-1440x900");

  await page.setViewportSize({ width: 1280, height: 800 });
  expect((await navRoom(page)).overflows).toBe(false);
  await expect(nav.getByRole("link", { name: "REST API" })).toBeInViewport({ ratio: 1 });
  await screenshot(page, "sidebar-1280x800");

  // The shortcuts stay: g then w opens the continuity rollout, named so everywhere.
  await page.setViewportSize(LAPTOP);
  await page.keyboard.press("g");
  await page.keyboard.press("w");
  await expect(page).toHaveURL(new RegExp(`/agents/${agentKey}/rollout$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Continuity rollout");
  await expect(page).toHaveTitle(/Continuity rollout/);
  await expect(nav.getByRole("link", { name: "Continuity rollout" })).toHaveAttribute("aria-current", "page");
  await screenshot(page, "continuity-rollout-desktop");
});

test("on a phone the navigation drawer holds every group and scrolls to the last section", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/agents/${agentKey}/rollout`);
  await screenshot(page, "continuity-rollout-phone");
  await page.getByRole("button", { name: "Open navigation" }).click();
  const nav = page.getByRole("navigation", { name: "Sections" });
  await expect(nav.getByRole("heading", { name: "Operate", exact: true })).toBeVisible();
  await screenshot(page, "sidebar-phone");
  const jobs = nav.getByRole("link", { name: "Jobs" });
  await jobs.scrollIntoViewIfNeeded();
  await expect(jobs).toBeInViewport();
  await screenshot(page, "sidebar-phone-end");
});

test("the inbox loads without a hydration error", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/inbox");
  const mine = page.locator(`[data-testid="queue-item"][data-session-id="${sessionIds[0]}"]`);
  await expect(mine.getByTestId("wait-badge")).toBeVisible();
  // Past a tick of the waiting clocks: the browser's clock has taken over by then.
  await page.waitForTimeout(1500);
  expect(errors).toEqual([]);
  // The queue scrolls in its column; the page itself has nothing below the screen.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
  await page.goto(`/inbox?session=${sessionIds[0]}`);
  await expect(page.getByTestId("live-state")).toHaveText("live");
  expect(errors).toEqual([]);
});

test("a claim covers no control: a hard rule's stop names the rule beside Send anyway", async ({ page }) => {
  await page.goto(`/inbox?session=${sessionIds[1]}`);
  const panel = page.getByTestId("inbox-conversation-panel");
  // Beside a queue of a dozen, the reply box is on screen without scrolling the page.
  await expect(page.getByTestId("reply-text")).toBeInViewport({ ratio: 1 });
  await panel.getByTestId("claim-handoff").click();
  await expect(page.getByTestId("claimed-by")).toHaveText("claimed by you");
  const reply = page.getByTestId("reply-text");
  await reply.fill("I've refunded $75 to your card.");
  await reply.press("Control+Enter");
  await expect(panel.locator("[data-slot=alert]")).toContainText("A hard rule stopped this reply: ");
  await expect(panel).not.toContainText(/lane 1/i);
  await page.getByTestId("override-reason").fill("the customer's card was already refunded by hand");
  // Disabled while the refused send settles: a disabled button lets clicks (and elementFromPoint) through.
  await expect(page.getByTestId("send-anyway")).toBeEnabled();
  await expectUncovered(page.getByTestId("send-anyway"));
  await screenshot(page, "inbox-hard-rule-stop-desktop");
  await page.setViewportSize(PHONE);
  await page.getByTestId("send-anyway").scrollIntoViewIfNeeded();
  await expectUncovered(page.getByTestId("send-anyway"));
  await screenshot(page, "inbox-hard-rule-stop-phone");
});

test("the phone e2e opens an inbox conversation and finds the reply box in view", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const errors = collectErrors(page);
  await page.goto("/inbox");
  const last = sessionIds.at(-1) ?? "";
  const item = page.locator(`[data-testid="queue-item"][data-session-id="${last}"]`);
  await item.scrollIntoViewIfNeeded();
  await screenshot(page, "inbox-phone-queue");
  await item.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?session=${last}`));
  const panel = page.getByTestId("inbox-conversation-panel");
  await expect(panel).toBeInViewport();
  await expect(page.getByTestId("reply-text")).toBeInViewport({ ratio: 1 });
  await expect(panel).toBeFocused();
  await screenshot(page, "inbox-phone-conversation");
  // Claimed from its header, it stays in view and says so.
  await panel.getByTestId("claim-handoff").click();
  await expect(page.getByTestId("claimed-by")).toHaveText("claimed by you");
  await expect(page.getByTestId("reply-text")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("reply-text")).toBeEnabled();
  await screenshot(page, "inbox-phone-claimed");
  // A sent reply is said beside the buttons, covering none of them.
  await page.getByTestId("reply-text").fill("A colleague is checking your order now.");
  await page.getByTestId("send-reply").click();
  await expect(page.getByTestId("reply-status")).toHaveText("Sent to the customer");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  // The page itself never scrolls: the top bar with the menu stays above the conversation.
  await expect(page.getByRole("button", { name: "Open navigation" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
  await screenshot(page, "inbox-phone-sent");
  expect(errors).toEqual([]);
});

/** A sandbox conversation of the agent as the page's operator, in a fresh session of theirs; its id. */
async function sandboxSessionAs(page: Page, message: string): Promise<string> {
  const before = new URL(page.url()).searchParams.get("session");
  await expect(await sendInFreshSandboxSession(page, message, agentKey)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => new URL(page.url()).searchParams.get("session")).not.toBe(before);
  return new URL(page.url()).searchParams.get("session") ?? "";
}

test("the sandbox opens a designer's own session, offering the admin's to open on purpose", async ({
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL ?? "";
  const admin = await browser.newPage({ baseURL, storageState: ADMIN_STATE, viewport: LAPTOP });
  await sandboxSessionAs(admin, "How much does the blue kettle cost?");

  const page = await browser.newPage({ baseURL, storageState: DESIGNER_STATE, viewport: LAPTOP });
  await page.goto(`/agents/${agentKey}/sandbox`);
  await expect(page.getByText("No sandbox session yet")).toBeVisible();
  await expect(page.getByTestId("agent-message")).toHaveCount(0);
  const picker = page.getByTestId("session-picker");
  await expect(picker.locator("optgroup[label='Started by others'] option")).toHaveCount(1);
  await screenshot(page, "sandbox-designer-own-desktop");
  await page.setViewportSize(PHONE);
  await screenshot(page, "sandbox-designer-own-phone");
  await page.setViewportSize(LAPTOP);

  // The designer's own session, then a later one of the admin: the designer's still opens.
  const own = await sandboxSessionAs(page, "How much does the blue kettle cost?");
  const later = await sandboxSessionAs(admin, "Do you ship to Canada?");
  expect(later).not.toBe(own);
  await page.goto(`/agents/${agentKey}/sandbox`);
  await expect(picker).toHaveValue(own);
  await expect(picker.locator("optgroup[label='Started by others'] option")).toHaveCount(2);
  await admin.close();
  await page.close();
});

test("the dashboard says what production serves, and the latest draft beside it once they differ", async ({
  page,
}, testInfo) => {
  const headers = { origin: testInfo.project.use.baseURL ?? "" };
  await page.goto(`/agents/${agentKey}`);
  const served = page.getByTestId("production-version");
  await expect(served).toHaveText(/^v\d+$/);
  await expect(page.getByTestId("draft-version")).toHaveCount(0);
  const pinned = Number((await served.textContent())?.slice(1));
  const promoted = await page.request.post(`/api/v1/agents/${agentKey}/environments/production/promote`, {
    headers,
    data: { config_version: pinned },
  });
  expect(promoted.status()).toBe(200);
  // A second import is the next version: production stays where it was pinned until promoted.
  const again = await page.request.post("/api/v1/agents/import", {
    data: { ...DEMO_BUNDLE, agent: { ...DEMO_BUNDLE.agent, key: agentKey, name: agentName } },
    headers,
  });
  expect(again.status()).toBe(201);
  await page.reload();
  await expect(served).toHaveText(`v${pinned}`);
  await expect(page.getByTestId("draft-version")).toHaveText(`latest draft v${pinned + 1}`);
  await screenshot(page, "dashboard-production-version-desktop");
  await page.setViewportSize(PHONE);
  await screenshot(page, "dashboard-production-version-phone");
});
