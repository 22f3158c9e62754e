import { expect, test } from "@playwright/test";
import {
  authStatePath,
  createApiKey,
  ownDemoAgent,
  postForcedLoopFamily,
  saveAdminSession,
  screenshot,
  sendInFreshSandboxSession,
} from "./fixtures";

// On a phone (390 × 844): the navigation behind a menu button; a designer's first session (a new
// agent, a rule, the sandbox, the trace that says why a reply was blocked); an operator's sandbox,
// traces, loops and a loop's override — all without sideways scrolling.

const { key: agentKey } = ownDemoAgent("phone", { testsGate: "block" });

const ADMIN_STATE = authStatePath("phone-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE, viewport: { width: 390, height: 844 } });

const RUN = Date.now().toString(36);

/** Nothing on the page is wider than the screen: a table may scroll inside its own box, the page may not. */
async function expectNoSidewaysScroll(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the navigation opens from the menu button and closes on Escape, giving focus back", async ({ page }) => {
  await page.goto("/agents");
  const nav = page.locator("#console-nav");
  await expect(nav).toBeHidden();
  const menu = page.getByRole("button", { name: "Open navigation" });
  await menu.click();
  await expect(nav).toBeVisible();
  await screenshot(page, "phone-navigation");
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await expectNoSidewaysScroll(page);
});

test("sandbox, traces and a trace read on a phone", async ({ page }) => {
  const reply = await sendInFreshSandboxSession(page, "I'm in France and want a refund for order 123", agentKey);
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("provenance-footer").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-sandbox");

  // Below 768 px the traces are cards: the message and the outcome first, no table to scroll.
  await page.goto(`/agents/${agentKey}/traces`);
  await expect(page.getByTestId("traces-table")).toBeHidden();
  const card = page.getByTestId("trace-card").first();
  await expect(card).toContainText("I'm in France and want a refund for order 123");
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-traces");

  await card.getByRole("link", { name: /refund for order 123/ }).click();
  await expect(page).toHaveURL(/\/traces\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("provenance-footer")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-trace");
});

test("an operator overrides a force-finalized loop from a phone", async ({ page, request }) => {
  await page.goto("/admin");
  const key = await createApiKey(page, `phone orchestrator ${RUN}`, ["loops:write"]);
  const forced = await postForcedLoopFamily(request, key, `phone_loop_${RUN}`);

  await page.goto("/loops");
  await expect(page.getByTestId(`loop-row-${forced}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-loops");

  await page.goto(`/loops/${forced}`);
  await page.getByTestId("override-button").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason").fill("Checked on the phone: one more pass is fine.");
  await screenshot(page, "phone-loop-override");
  await dialog.getByRole("button", { name: "Override guardrails" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("loop-override-summary")).toContainText("Checked on the phone");
  await expectNoSidewaysScroll(page);
});

test("a designer on a phone creates an agent, writes a rule, tests it and reads why the reply was blocked", async ({
  page,
}) => {
  const key = `phone-desk-${RUN}`;
  await page.goto("/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent" });
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Phone desk ${RUN}`);
  await dialog.getByLabel("A copy of the Refund desk").check();
  await screenshot(page, "phone-new-agent");
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${key}$`));
  await expectNoSidewaysScroll(page);

  await page.goto(`/agents/${key}/rules`);
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-rules");
  await page.getByRole("button", { name: "New rule" }).click();
  const editor = page.getByTestId("rule-editor");
  await editor.getByLabel("Name").fill("Refunds capped at $40");
  await editor.getByLabel("Condition (when)").fill("The reply offers the customer money back");
  await editor.getByLabel("Action (then)").fill("Never promise more than $40 without a specialist");
  await editor.getByLabel("Scope").selectOption("GLOBAL");
  await editor.getByText("Hard constraint: a reply that breaks it is never sent").click();
  await editor.getByLabel("Lane").selectOption("deterministic");
  await editor.getByLabel("Enforcement expression (CEL)").fill("refund_amount <= 40");
  await editor.getByLabel("refund_amount").fill("75");
  await expect(editor.getByTestId("tester-result")).toHaveAttribute("data-state", "false");
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-rule-editor");
  await editor.getByRole("button", { name: "Create rule" }).click();
  // A $40 cap turns the copied demo's refund tests red: the tests gate refuses, and an admin saves
  // past it with a reason.
  const saveAnyway = editor.getByRole("button", { name: "Save anyway…" });
  const row = page.getByTestId("rule-row-refunds-capped-at-40");
  await expect(saveAnyway.or(row)).toBeVisible({ timeout: 60_000 });
  if (await saveAnyway.isVisible()) {
    await saveAnyway.click();
    await editor.getByLabel("Why save past the gate?").fill("a lower cap on the phone walk-through");
    await editor.getByRole("button", { name: "Save anyway", exact: true }).click();
  }
  await expect(editor).toBeHidden({ timeout: 60_000 });
  await expect(row).toBeVisible();

  const reply = await sendInFreshSandboxSession(page, "I'm in France and want a refund for order 123", key);
  await expect(reply).toContainText("regenerated", { timeout: 30_000 });
  await expect(reply).toContainText("$40");
  const footer = reply.getByTestId("provenance-footer");
  await expect(footer).toContainText("refunds-capped-at-40");
  await expectNoSidewaysScroll(page);

  await footer.getByRole("link", { name: /trace/ }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${key}/traces/[0-9a-f-]{36}$`));
  const enforcement = page.locator('[data-testid="span-row"][data-span="enforcement"]').first();
  await enforcement.getByRole("button").first().click();
  const check = enforcement.getByTestId("rule-check").filter({ hasText: "refunds-capped-at-40" });
  await expect(check.first()).toContainText("failed");
  await expect(check.first()).toContainText("refund_amount = 75");
  await expectNoSidewaysScroll(page);
  await screenshot(page, "phone-trace-blocked");
});

/**
 * Boxes that scroll sideways and hide a control: an element that clips its overflow (auto, scroll,
 * hidden or clip) while a button, link, input, select or switch inside lies partly outside it. The
 * page itself may not scroll sideways either.
 */
async function hiddenControls(page: import("@playwright/test").Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="switch"], [role="checkbox"]';
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-testid") ? `[${el.getAttribute("data-testid")}]` : ""}${el.getAttribute("data-slot") ? `{${el.getAttribute("data-slot")}}` : ""}`;
    const found: string[] = [];
    const pageOverflow = document.documentElement.scrollWidth - window.innerWidth;
    if (pageOverflow > 0) found.push(`the page scrolls sideways by ${pageOverflow} px`);
    for (const box of document.querySelectorAll("body *")) {
      if (box.scrollWidth <= box.clientWidth + 1) continue;
      if (!/auto|scroll|hidden|clip/.test(getComputedStyle(box).overflowX)) continue;
      const edge = box.getBoundingClientRect();
      if (edge.width === 0) continue;
      for (const control of box.querySelectorAll(CONTROLS)) {
        const r = control.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.right > edge.right + 1 || r.left < edge.left - 1) {
          found.push(`${name(box)} hides ${name(control)} "${(control.textContent ?? "").trim().slice(0, 30)}"`);
          break;
        }
      }
    }
    return found;
  });
}

test.describe("every console page on a phone", () => {
  test.use({ hasTouch: true });

  test("no page scrolls sideways, no box hides a control, and no keyboard hints show", async ({ page, request }) => {
    test.setTimeout(240_000);
    // A trace, a turn loop and an external loop to open.
    const reply = await sendInFreshSandboxSession(page, "I'm in France and want a refund for order 123", agentKey);
    await expect(reply).toContainText("regenerated", { timeout: 30_000 });
    await reply.getByTestId("provenance-footer").getByRole("link", { name: /trace/ }).click();
    await expect(page).toHaveURL(/\/traces\/[0-9a-f-]{36}$/);
    const turnPath = new URL(page.url()).pathname;
    const turnId = turnPath.split("/").at(-1);
    await page.goto("/admin");
    const key = await createApiKey(page, `phone pages ${RUN}`, ["loops:write"]);
    const forced = await postForcedLoopFamily(request, key, `phone_pages_${RUN}`);

    const pages = [
      "/agents",
      `/agents/${agentKey}`,
      `/agents/${agentKey}/rules`,
      `/agents/${agentKey}/scenarios`,
      `/agents/${agentKey}/tools`,
      `/agents/${agentKey}/fields`,
      `/agents/${agentKey}/settings`,
      `/agents/${agentKey}/tests`,
      `/agents/${agentKey}/traces`,
      turnPath,
      `/agents/${agentKey}/history`,
      `/agents/${agentKey}/rollout`,
      `/agents/${agentKey}/sandbox`,
      "/loops",
      `/loops/${forced}`,
      `/loops/turn_${turnId}`,
      "/goals",
      "/ledger",
      "/admin",
      "/admin/jobs",
    ];
    const problems: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      for (const problem of await hiddenControls(page)) problems.push(`${path}: ${problem}`);
      const hints = await page.locator('[data-slot="kbd"]:visible').count();
      if (hints > 0) problems.push(`${path}: ${hints} keyboard hints show on a touch screen`);
      await screenshot(page, `phone-page${path.replaceAll("/", "-").slice(0, 60)}`);
    }
    expect(problems).toEqual([]);
  });
});

test("Inspect on a phone opens the turn's stages as a sheet over the chat", async ({ page }) => {
  const reply = await sendInFreshSandboxSession(page, "I'm in France and want a refund for order 123", agentKey);
  await expect(reply).toContainText("regenerated", { timeout: 30_000 });
  await reply.getByRole("button", { name: /Inspect|In panel/ }).click();
  const sheet = page.getByTestId("turn-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('[data-testid="span-row"]').first()).toBeInViewport();
  await screenshot(page, "phone-inspect-sheet");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
});
