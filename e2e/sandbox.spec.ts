import { expect, type Page, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, screenshot, signIn } from "./fixtures";

// The demo's running example (on a copy of its own) on the offline provider: the first draft promises $75, lane 1
// catches `refund_amount <= 50`, and the regenerated reply ships.

const { key: agentKey } = ownDemoAgent("sandbox");
const MESSAGE = "I'm in France and want a refund for order 123";
const VIEWER = { email: `viewer-${Date.now()}@focal.test`, name: "Vera Viewer", password: "viewer-password-12" };

// The tests share one conversation: the first creates it, the others reset and read it.
test.describe.configure({ mode: "serial" });
let sessionUrl = "";
let sessionId = "";

// Sign in once for the file: sign-in is limited to 5 attempts a minute per address (lib/server/auth).
const ADMIN_STATE = authStatePath("sandbox-admin");
test.beforeAll(async ({ browser }, testInfo) => {
  // An explicit empty state: the file's test.use({ storageState }) would otherwise apply here too.
  const page = await browser.newPage({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  await signIn(page);
  await page.context().storageState({ path: ADMIN_STATE });
  await page.close();
});
test.use({ storageState: ADMIN_STATE });

function sessionOf(page: Page): string {
  return new URL(page.url()).searchParams.get("session") ?? "";
}

test("a designer chats in the sandbox and sees why each reply is what it is", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/sandbox`);
  await expect(page.getByTestId("provider-badge")).toContainText("offline");
  if (await page.getByText("No sandbox session yet").isVisible()) {
    // A fresh database: the first message starts the session by itself.
    await expect(page.getByRole("button", { name: "Start a session" })).toBeVisible();
    await screenshot(page, "sandbox-empty");
  } else {
    await page.getByTestId("sandbox-reset").click();
    await expect(page).toHaveURL(/[?&]session=[0-9a-f-]{36}/);
    await expect(page.getByTestId("agent-message")).toHaveCount(0);
  }

  const input = page.getByTestId("sandbox-input");
  await input.fill(MESSAGE);
  await input.press("Enter");
  await expect(page.getByTestId("user-message").first()).toContainText(MESSAGE);
  const reply = page.getByTestId("agent-message").first();
  // The first turn compiles the agent; the stored turn then arrives with the page's server render.
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await expect(reply).toContainText("regenerated");
  await expect(input).toHaveValue("");
  await expect(page).toHaveURL(/[?&]session=[0-9a-f-]{36}/);

  const footer = reply.getByTestId("provenance-footer");
  await expect(footer).toContainText("Refunds above $50 need a specialist");
  await expect(footer).toContainText("max-refund");
  await expect(footer).toContainText("regenerated ×1");
  await expect(footer).toContainText("Refund › ");
  await expect(footer).toContainText("lookup_order");
  await expect(footer.getByRole("link", { name: /trace/ })).toHaveAttribute(
    "href",
    new RegExp(`^/agents/${agentKey}/traces/[0-9a-f-]{36}$`),
  );
  sessionUrl = page.url();
  sessionId = sessionOf(page);
  await screenshot(page, "sandbox");

  const timeline = page.getByTestId("timeline");
  await expect(timeline.locator('[data-testid="span-row"][data-span="regeneration"]')).toHaveCount(1);
  const enforcement = timeline.locator('[data-testid="span-row"][data-span="enforcement"]').first();
  const toggle = enforcement.getByRole("button");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const failed = enforcement.getByTestId("rule-check").filter({ hasText: "max-refund" });
  await expect(failed).toContainText("failed");
  await expect(failed).toContainText("refund_amount = 75");
  await screenshot(page, "sandbox-timeline");

  // Every known attribute shape readable at once: a tall window shows the whole expanded waterfall.
  for (const name of ["sensor", "retrieval", "routing", "filtering", "tools", "extraction"]) {
    await timeline.locator(`[data-testid="span-row"][data-span="${name}"]`).first().getByRole("button").click();
  }
  await expect(timeline.getByRole("table", { name: "Rules considered" })).toContainText("max-refund");
  await expect(timeline.getByRole("table", { name: "Scenario candidates" })).toContainText("Refund");
  await expect(timeline.getByRole("table", { name: "Tool calls" })).toContainText("lookup_order");
  await page.setViewportSize({ width: 1280, height: 3000 });
  await screenshot(page, "sandbox-spans");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("tab", { name: "State" }).click();
  const state = page.getByTestId("state-panel");
  await expect(state).toContainText("Refund › ");
  await expect(state).toContainText("France");
  await expect(state).toContainText(sessionId);
  await screenshot(page, "sandbox-state");

  // A second turn: Enter sends again, the side panel follows the newest turn.
  await page.getByRole("tab", { name: "Timeline" }).click();
  await input.fill("How much is the blue kettle?");
  await input.press("Enter");
  await expect(page.getByTestId("agent-message")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: /^Turn 2/ })).toBeVisible();

  // Inspecting an earlier turn puts its id in the URL without a full reload.
  await reply.getByRole("button", { name: /Inspect turn 1/ }).click();
  await expect(page).toHaveURL(/[?&]turn=[0-9a-f-]{36}/);
  await expect(page.getByRole("heading", { name: /^Turn 1/ })).toBeVisible();
  await expect(reply.getByRole("button", { name: /In panel turn 1/ })).toHaveAttribute("aria-pressed", "true");
  await screenshot(page, "sandbox-two-turns");
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, "sandbox-1024");
});

test("New session starts an empty session and keeps the previous one in the picker", async ({ page }) => {
  await page.goto(sessionUrl);
  await expect(page.getByTestId("agent-message")).toHaveCount(2);
  await page.getByTestId("sandbox-reset").click();
  await expect.poll(() => sessionOf(page)).not.toBe(sessionId);
  await expect(page.getByTestId("agent-message")).toHaveCount(0);
  await expect(page.getByRole("log", { name: "Conversation" }).getByText("New session")).toBeVisible();
  const picker = page.getByTestId("session-picker");
  await expect(picker.locator(`option[value="${sessionId}"]`)).toHaveCount(1);

  // Choosing the earlier session from the picker opens it again.
  await picker.selectOption(sessionId);
  await expect.poll(() => sessionOf(page)).toBe(sessionId);
  await expect(page.getByTestId("agent-message")).toHaveCount(2);
});

test("the composer shows a turn in flight and explains a message that is too long", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/sandbox`);
  await page.getByTestId("sandbox-reset").click();
  await expect.poll(() => sessionOf(page)).not.toBe(sessionId);
  await expect(page.getByTestId("sandbox-reset")).not.toHaveAttribute("aria-busy", "true");
  const input = page.getByTestId("sandbox-input");

  // Over the 4,000-character limit: a live counter, then the reason inline; nothing is sent.
  await input.fill("a".repeat(4001));
  await expect(page.getByText("4,001 / 4,000")).toBeVisible();
  await input.press("Enter");
  const composer = page.getByRole("form", { name: "Send a message" });
  await expect(composer.getByRole("alert")).toContainText("at most 4000 characters");
  await expect(page.getByTestId("agent-message")).toHaveCount(0);

  // The turn's event stream, delivered one event every 400 ms (as over a slow link), so the side
  // panel can be seen filling in stage by stage before the reply arrives.
  await page.evaluate(() => {
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!/\/api\/v1\/sessions\/[^/]+\/turns$/.test(url) || !response.body) return response;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const encoder = new TextEncoder();
      let buffer = "";
      const slowed = new ReadableStream<Uint8Array>({
        async pull(controller) {
          for (;;) {
            const cut = buffer.indexOf("\n\n");
            if (cut >= 0) {
              const event = buffer.slice(0, cut + 2);
              buffer = buffer.slice(cut + 2);
              await new Promise((resolve) => setTimeout(resolve, 400));
              controller.enqueue(encoder.encode(event));
              return;
            }
            const { value, done } = await reader.read();
            if (done) {
              if (buffer) controller.enqueue(encoder.encode(buffer));
              controller.close();
              return;
            }
            buffer += decoder.decode(value, { stream: true });
          }
        },
      });
      return new Response(slowed, { status: response.status, headers: response.headers });
    };
  });
  await input.fill("Can I get a refund for order 123?");
  await input.press("Enter");
  await expect(page.getByTestId("user-message")).toContainText("Can I get a refund for order 123?");
  await expect(page.getByTestId("agent-thinking")).toBeVisible();
  await expect(page.getByTestId("sandbox-send")).toBeDisabled();
  await expect(composer.getByRole("alert")).toHaveCount(0);
  const live = page.getByTestId("live-timeline");
  await expect(live).toHaveAttribute("data-state", "running");
  await expect(live.getByTestId("live-stage").nth(2)).toBeVisible();
  await expect(live.getByTestId("live-stage-pending")).toBeVisible();
  await expect(live.getByRole("status")).toContainText("running the next");
  // No reply text while the turn runs: only stage names, decisions and timings.
  await expect(page.getByTestId("agent-streamed")).toHaveCount(0);
  await screenshot(page, "sandbox-pending");
  await expect(page.getByTestId("agent-message")).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId("agent-thinking")).toHaveCount(0);
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(page.getByTestId("live-timeline")).toHaveCount(0);
  await expect(page.getByTestId("timeline").getByTestId("span-row").first()).toBeVisible();
});

test("a viewer reads a sandbox conversation but cannot post", async ({ page }) => {
  await page.goto("/admin");
  const form = page.getByRole("form", { name: "Add operator" });
  await form.getByLabel("Email").fill(VIEWER.email);
  await form.getByLabel("Name").fill(VIEWER.name);
  await form.getByLabel("Role").selectOption("viewer");
  await form.getByLabel("Initial password").fill(VIEWER.password);
  await form.getByRole("button", { name: "Add operator" }).click();
  await expect(page.getByText(VIEWER.email).first()).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(VIEWER.email);
  await page.getByLabel("Password").fill(VIEWER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);

  await page.goto(sessionUrl);
  await expect(page.getByTestId("agent-message")).toHaveCount(2);
  await expect(page.getByTestId("provenance-footer").first()).toContainText("max-refund");
  await expect(page.getByTestId("sandbox-input")).toHaveCount(0);
  await expect(page.getByTestId("sandbox-reset")).toHaveCount(0);
  // Viewers see the session's continuity setting but cannot change it.
  await expect(page.getByTestId("continuity-state")).toContainText("continuity");
  await expect(page.getByTestId("continuity-toggle")).toHaveCount(0);
  await expect(
    page.getByText("Viewers can read sandbox conversations; ask an admin for the designer role to chat."),
  ).toBeVisible();
  await screenshot(page, "sandbox-viewer");
});
