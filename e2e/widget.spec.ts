import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// The embeddable widget on a customer's page (docs/widget.md): a static page on another port embeds
// widget.js with a publishable key that lists that page's origin. The customer opens the launcher,
// sees the turn's progress and then the checked reply with "Why this answer"; a second message within
// the minute is refused politely with the wait; a specialist joins and writes, live; after a reload the conversation is still there. A page
// on an origin the key does not list cannot start a chat. A signed-in customer's page carries a token its
// server signed, and the chat is that customer's. On a phone the panel fills the screen; the hosted page
// shows the same chat full-page. An agent of its own.

const ADMIN_STATE = authStatePath("widget-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));

const { key: agentKey } = ownDemoAgent("widget-desk", {
  name: "Widget desk",
  bundle: (demo) => ({
    ...demo,
    agent: {
      ...demo.agent,
      // One turn a minute per session: the second message of a session meets the limit.
      settings: {
        ...demo.agent.settings,
        widget: { show_why: true, hosted_page: true, turns_per_minute_per_session: 1 },
      },
    },
  }),
});
// The shop's page and a page elsewhere, each on a port the system picks (no clash with another run).
let SHOP = "";
let ELSEWHERE = "";

let publishableKey = "";
// A second agent whose order lookup waits for an operator's approval, with its own key; its page is /approving.
const { key: approvingKey } = ownDemoAgent("widget-approving", {
  name: "Approving widget desk",
  bundle: (demo) => ({ ...demo, tools: demo.tools.map((tool: object) => ({ ...tool, requires_approval: true })) }),
});
let approvingPk = "";
let focal = "";
const servers: http.Server[] = [];
/** The customer tokens of the signed-in pages (/signed-in, /expired), minted by the test as a shop's server would. */
const customerTokens: Record<string, string> = {};

function hostPage(key: string, agent = agentKey, customerToken?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>
<style>body{font-family:serif;background:#fafafa} button,div{all:unset;color:red!important}</style></head>
<body><h1>Acme shop</h1><p>Orders, returns and refunds.</p>
<script src="${focal}/widget.js" data-agent="${agent}" data-key="${key}" data-title="Acme help"
  data-greeting="Hi, this is Acme. How can we help?" data-position="sideways"
  ${customerToken ? `data-customer-token="${customerToken}"` : ""} async></script></body></html>`;
}

/** A shop's server minting a customer token (docs/widget.md#identified-customers). */
function mintCustomerToken(secret: string, customerId: string, expiresInSeconds: number): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const id = Buffer.from(customerId).toString("base64url");
  const sig = createHmac("sha256", secret).update(`v1.${id}.${exp}`).digest("base64url");
  return `v1.${id}.${exp}.${sig}`;
}

/** Serves the shop's pages on a free port; its origin. */
function serve(): Promise<string> {
  const server = http.createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    const signedIn = customerTokens[request.url ?? ""];
    if (request.url === "/approving") response.end(hostPage(approvingPk, approvingKey));
    else response.end(hostPage(publishableKey, agentKey, signedIn));
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

test.beforeAll(async ({ browser }, testInfo) => {
  focal = testInfo.project.use.baseURL ?? "";
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  const headers = { origin: focal };
  SHOP = await serve();
  ELSEWHERE = await serve();
  const created = await context.request.post(`/api/v1/agents/${agentKey}/publishable-keys`, {
    headers,
    data: { label: "Acme shop", allowed_origins: [SHOP, focal] },
  });
  expect(created.status()).toBe(201);
  publishableKey = (await created.json()).key;
  const approvingCreated = await context.request.post(`/api/v1/agents/${approvingKey}/publishable-keys`, {
    headers,
    data: { label: "Acme shop", allowed_origins: [SHOP] },
  });
  expect(approvingCreated.status()).toBe(201);
  approvingPk = (await approvingCreated.json()).key;
  await context.close();
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Keeps every progress label the panel shows, in order, on window.progress. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const progress = document.querySelector("#focal-widget")?.shadowRoot?.querySelector(".progress");
    const seen: string[] = [];
    Object.assign(window, { progress: seen });
    if (!progress) return;
    // One record per label: the callback may come once for several labels set in one task.
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node.textContent) seen.push(node.textContent);
      }
    }).observe(progress, { childList: true });
  });
}

async function openChat(page: Page) {
  const launcher = page.getByRole("button", { name: "Open chat" });
  await launcher.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Acme help" });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel("Your message")).toBeFocused();
  return panel;
}

test("a customer chats on an allowed page: progress, the reply with why, and the chat survives a reload", async ({
  page,
  browser,
}) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await page.goto(`${SHOP}/`);
  await expect.poll(() => warnings.join("\n")).toContain('data-position "sideways" is not valid');
  await screenshot(page, "widget-launcher");
  const panel = await openChat(page);
  await expect(panel.getByText("Hi, this is Acme. How can we help?")).toBeVisible();

  await panel.getByLabel("Your message").fill("x".repeat(4001));
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("alert")).toContainText("please keep it under 4,000");

  await recordProgress(page);
  await panel.getByLabel("Your message").fill("I want a refund for order 123");
  await page.keyboard.press("Enter");
  const reply = panel.locator(".msg.agent").nth(1);
  await expect(reply).toBeVisible();
  await expect(panel.locator(".progress")).toBeEmpty();
  // Progress showed while the turn ran, stage by stage, and gave way to the reply.
  const shown = await page.evaluate(() => Reflect.get(window, "progress") as string[]);
  expect(shown[0]).toBe("The assistant is typing…");
  expect(shown).toContain("Reading your message…");
  expect(shown).toContain("Checking the reply against our rules…");
  await expect(panel.getByRole("alert")).toBeHidden();
  await expect(panel.locator(".msg.customer")).toHaveText(/I want a refund for order 123/);
  // The bubble's own text node: the reply, without its "Assistant" label and "why" footer.
  const replyText = await reply.evaluate((bubble) => bubble.childNodes[1]?.textContent ?? "");
  expect(replyText.length).toBeGreaterThan(0);
  const why = reply.getByText("Why this answer");
  await why.click();
  await expect(reply.locator(".why")).toContainText(/Rules that applied|No specific rule applied/);
  await screenshot(page, "widget-reply-why");

  await panel.getByLabel("Your message").fill("And order 124?");
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("alert")).toHaveText(
    /^You are sending messages a little fast\. Please wait \d+ seconds? and try again\.$/,
  );
  await expect(panel.getByLabel("Your message")).toHaveValue("And order 124?");
  await expect(panel.locator(".msg.customer")).toHaveCount(1);
  await screenshot(page, "widget-rate-limited");

  // A person takes the conversation over from the console: the customer sees it live.
  const sessionId = await page.evaluate(
    (storageKey) => JSON.parse(localStorage.getItem(storageKey) ?? "{}").sessionId as string,
    `focal-widget:${agentKey}`,
  );
  const admin = await browser.newContext({ storageState: ADMIN_STATE });
  const headers = { origin: focal };
  const handoff = await admin.request.post(`/api/v1/sessions/${sessionId}/handoff`, {
    headers,
    data: { reason: "checking order 123" },
  });
  expect(handoff.status()).toBe(201);
  await expect(panel.getByRole("status").first()).toHaveText("A member of our team will join this conversation.");
  const handoffId = (await handoff.json()).handoff.id;
  expect((await admin.request.post(`/api/v1/handoffs/${handoffId}/claim`, { headers })).status()).toBe(200);
  await expect(panel.getByRole("status").first()).toHaveText("A specialist has joined the conversation.");
  const sent = await admin.request.post(`/api/v1/sessions/${sessionId}/operator-messages`, {
    headers,
    data: { text: "Hello, this is Sam from refunds. I am looking at order 123 now." },
  });
  expect(sent.status()).toBe(201);
  await admin.close();
  const operator = panel.locator(".msg.operator");
  await expect(operator).toContainText("Specialist");
  await expect(operator).toContainText("Hello, this is Sam from refunds.");
  await expect(panel.getByText("checking order 123")).toHaveCount(0);
  await screenshot(page, "widget-specialist");

  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByRole("button", { name: "Open chat" })).toBeFocused();

  await page.reload();
  const again = await openChat(page);
  await expect(again.locator(".msg.customer")).toHaveText(/I want a refund for order 123/);
  await expect(again.locator(".msg.agent").nth(1)).toContainText(replyText);
  await expect(again.locator(".msg.agent").nth(1).getByText("Why this answer")).toBeVisible();
  await expect(again.locator(".msg.operator")).toContainText("Hello, this is Sam from refunds.");
  await screenshot(page, "widget-after-reload");

  await again.getByRole("button", { name: "Start over" }).click();
  await expect(again.locator(".msg.customer")).toHaveCount(0);
});

test("a tool call waiting for approval tells the customer so, and the reply follows the decision live with why", async ({
  page,
  browser,
}) => {
  await page.goto(`${SHOP}/approving`);
  const panel = await openChat(page);
  await panel.getByLabel("Your message").fill("I want my money back, can you show me my orders?");
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("status").first()).toHaveText(
    "We are checking this with a member of our team. You will see the answer here.",
  );
  // The holding reply is the turn's answer; the tool has not run.
  await expect(panel.locator(".msg.agent")).toHaveCount(2);
  await screenshot(page, "widget-approval-waiting");

  const admin = await browser.newContext({ storageState: ADMIN_STATE });
  const headers = { origin: focal };
  const listed = await admin.request.get(`/api/v1/approvals?agent=${approvingKey}`, { headers });
  const [waiting] = (await listed.json()).approvals;
  const approved = await admin.request.post(`/api/v1/approvals/${waiting.id}/approve`, {
    headers,
    data: { reason: "Identity checked on the phone" },
  });
  expect(approved.status()).toBe(200);
  await admin.close();
  // The resumed turn's reply arrives on the events stream, without a reload, with its "Why this answer"
  // like any reply; the status line goes once the reply is there instead of staying for good.
  await expect(panel.locator(".msg.agent")).toHaveCount(3);
  const resumed = panel.locator(".msg.agent").nth(2);
  await resumed.getByText("Why this answer").click();
  await expect(resumed.locator(".why")).toContainText(/Rules that applied|No specific rule applied/);
  await expect(panel.getByText("We are checking this with a member of our team.")).toHaveCount(0);
  await expect(panel.getByText("Our team has looked at your request.")).toHaveCount(0);
  await expect(panel.getByText("Identity checked on the phone")).toHaveCount(0);
  await screenshot(page, "widget-approval-decided");
});

test("a page on an origin the key does not list cannot start a chat", async ({ page }) => {
  await page.goto(`${ELSEWHERE}/`);
  const panel = await openChat(page);
  await panel.getByLabel("Your message").fill("I want a refund for order 123");
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("alert")).toHaveText(
    "The chat cannot start on this page. Please contact us another way.",
  );
  await expect(panel.getByLabel("Your message")).toHaveValue("I want a refund for order 123");
  await screenshot(page, "widget-origin-refused");
});

test("a signed-in customer's page vouches for them: the chat is theirs; an expired token asks for a reload", async ({
  page,
  browser,
}) => {
  const admin = await browser.newContext({ storageState: ADMIN_STATE });
  const headers = { origin: focal };
  const made = await admin.request.post(`/api/v1/agents/${agentKey}/identity-secret`, { headers });
  expect(made.status()).toBe(201);
  const { secret } = await made.json();
  customerTokens["/signed-in"] = mintCustomerToken(secret, "acme-customer-42", 3600);
  customerTokens["/expired"] = mintCustomerToken(secret, "acme-customer-43", -60);

  await page.goto(`${SHOP}/signed-in`);
  const panel = await openChat(page);
  await panel.getByLabel("Your message").fill("Where is my order 123?");
  await page.keyboard.press("Enter");
  await expect(panel.locator(".msg.agent").nth(1)).toBeVisible();
  await expect(panel.getByRole("alert")).toBeHidden();
  const sessionId = await page.evaluate(
    (storageKey) => JSON.parse(localStorage.getItem(storageKey) ?? "{}").sessionId as string,
    `focal-widget:${agentKey}`,
  );
  const session = await admin.request.get(`/api/v1/sessions/${sessionId}`, { headers });
  expect((await session.json()).session.customer_id).toBe("acme-customer-42");
  await screenshot(page, "widget-signed-in-customer");

  // Another customer on the same browser, whose page carries an expired token: no resume of the first one's
  // chat, and a refusal that asks for a reload (which mints a fresh token).
  await page.goto(`${SHOP}/expired`);
  const expired = await openChat(page);
  await expect(expired.locator(".msg.customer")).toHaveCount(0);
  await expired.getByLabel("Your message").fill("Where is my order 124?");
  await page.keyboard.press("Enter");
  await expect(expired.getByRole("alert")).toHaveText(
    "We could not confirm you are signed in. Please reload the page and try again.",
  );
  await expect(expired.getByLabel("Your message")).toHaveValue("Where is my order 124?");
  await screenshot(page, "widget-customer-token-expired");
  await admin.close();
});

test("the sandbox previews the chat as the customer sees it, beside the designer's view", async ({ browser }) => {
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/agents/${agentKey}/sandbox`);
  const toggle = page.getByRole("button", { name: "Preview as customer" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  const preview = page.getByTestId("customer-preview").getByRole("dialog", { name: "Widget desk" });
  await expect(preview.getByText("Hi! How can we help?")).toBeVisible();

  // Written in the preview: the widget's own progress and footer, and the designer's view follows.
  await preview.getByLabel("Your message").fill("I want a refund for order 123");
  await preview.getByLabel("Your message").press("Enter");
  const first = preview.locator(".msg.agent").nth(1);
  await expect(first.getByText("Why this answer")).toBeVisible();
  const chat = page.getByRole("region", { name: "Sandbox chat" });
  await expect(chat.getByRole("article", { name: /Agent reply, turn 1\b/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]session=/);

  // Written in the designer's view: the preview shows the same turn as its customer sees it.
  await page.getByTestId("sandbox-input").fill("Where is order 124?");
  await page.getByTestId("sandbox-input").press("Enter");
  await expect(preview.locator(".msg.customer").nth(1)).toContainText("Where is order 124?");
  const second = preview.locator(".msg.agent").nth(2);
  await expect(second).toBeVisible();
  await expect(second.getByText("Why this answer")).toBeVisible();
  // Nothing of the designer's view leaks into the customer's: no trace, no stage names.
  await expect(preview.getByText("enforcement")).toHaveCount(0);
  await screenshot(page, "sandbox-preview-as-customer");

  // Inspecting a turn brings its details back where the preview was.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("complementary", { name: "Turn details" })).toBeVisible();
  await context.close();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the chat opens full-screen, and the hosted page shows it full-page", async ({ page }) => {
    await page.goto(`${SHOP}/`);
    const panel = await openChat(page);
    const box = await panel.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await screenshot(page, "widget-phone");

    await page.goto(`/chat/${agentKey}?key=${publishableKey}`);
    const hosted = page.getByRole("dialog", { name: "Widget desk" });
    await expect(hosted).toBeVisible();
    await expect(page.getByRole("button", { name: "Open chat" })).toBeHidden();
    await hosted.getByLabel("Your message").fill("I want a refund for order 123");
    await page.keyboard.press("Enter");
    await expect(hosted.locator(".msg.agent")).toHaveCount(2);
    await screenshot(page, "widget-hosted-page");

    const missing = await page.goto(`/chat/refund-desk?key=${publishableKey}`);
    expect(missing?.status()).toBe(404);
  });
});
