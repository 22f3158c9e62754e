import http from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// What the customer sees when a person answers (docs/widget.md): with the panel closed, the launcher
// counts the new replies in a badge and in its label, and opening the panel clears both. On the hosted
// page a person's reply arrives live and is still there after a reload, beside the customer's own
// words (a card number the privacy stage stored as [CARD_1]) as they typed them. An agent of its own.

const ADMIN_STATE = authStatePath("widget-unread-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));

const { key: agentKey } = ownDemoAgent("widget-unread", {
  name: "Unread desk",
  bundle: (demo) => ({
    ...demo,
    agent: { ...demo.agent, settings: { ...demo.agent.settings, widget: { hosted_page: true } } },
  }),
});
// The shop's page, on a port the system picks (no clash with another run).
let SHOP = "";
const CARD = "4111 1111 1111 1111";

let publishableKey = "";
let focal = "";
let server: http.Server | null = null;

test.beforeAll(async ({ browser }, testInfo) => {
  focal = testInfo.project.use.baseURL ?? "";
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  const headers = { origin: focal };
  server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head>
<body><h1>Acme shop</h1><p>Orders, returns and refunds.</p>
<script src="${focal}/widget.js" data-agent="${agentKey}" data-key="${publishableKey}" data-title="Acme help" async></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  SHOP = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const created = await context.request.post(`/api/v1/agents/${agentKey}/publishable-keys`, {
    headers,
    // Typed as copied from an address bar: stored as the origin.
    data: { label: "Acme shop", allowed_origins: [`${SHOP}/`, `${focal}/`] },
  });
  expect(created.status()).toBe(201);
  expect((await created.json()).allowed_origins).toEqual([SHOP, focal]);
  publishableKey = (await created.json()).key;
  await context.close();
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

/** The session the widget keeps in the page's storage. */
const sessionIdOf = (page: Page) =>
  page.evaluate(
    (storageKey) => JSON.parse(localStorage.getItem(storageKey) ?? "{}").sessionId as string,
    `focal-widget:${agentKey}`,
  );

/** A person takes the session over and writes `text`, as from the console's inbox. */
async function personWrites(request: APIRequestContext, sessionId: string, text: string) {
  const headers = { origin: focal };
  const handoff = await request.post(`/api/v1/sessions/${sessionId}/handoff`, { headers, data: { reason: "x" } });
  expect(handoff.status()).toBe(201);
  const handoffId = (await handoff.json()).handoff.id;
  expect((await request.post(`/api/v1/handoffs/${handoffId}/claim`, { headers })).status()).toBe(200);
  const sent = await request.post(`/api/v1/sessions/${sessionId}/operator-messages`, { headers, data: { text } });
  expect(sent.status()).toBe(201);
}

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a person's reply with the panel closed shows a badge and says so in the launcher's label", async ({
      page,
      browser,
    }) => {
      await page.goto(`${SHOP}/`);
      await page.getByRole("button", { name: "Open chat" }).click();
      const panel = page.getByRole("dialog", { name: "Acme help" });
      await panel.getByLabel("Your message").fill("I want a refund for order 123");
      await page.keyboard.press("Enter");
      await expect(panel.locator(".msg.agent")).toHaveCount(2);
      await panel.getByRole("button", { name: "Close chat" }).click();
      await expect(panel).toBeHidden();

      const admin = await browser.newContext({ storageState: ADMIN_STATE });
      await personWrites(admin.request, await sessionIdOf(page), "Hello, this is Sam from refunds.");
      await admin.close();
      const launcher = page.getByRole("button", { name: "Open chat, 1 new message" });
      await expect(launcher).toBeVisible();
      await expect(launcher.locator(".badge")).toHaveText("1");
      expect(await page.title()).toBe("Shop");
      await screenshot(page, `widget-unread-badge-${viewport.name}`);

      await launcher.click();
      await expect(panel.locator(".msg.operator")).toContainText("Hello, this is Sam from refunds.");
      await expect(page.locator("#focal-widget .badge")).toBeHidden();
      await panel.getByRole("button", { name: "Close chat" }).click();
      await expect(page.getByRole("button", { name: "Open chat", exact: true })).toBeVisible();
    });

    test("the hosted page gets a person's reply live and after a reload, with the customer's own words", async ({
      page,
      browser,
    }) => {
      await page.goto(`/chat/${agentKey}?key=${publishableKey}`);
      const hosted = page.getByRole("dialog", { name: "Unread desk" });
      await hosted.getByLabel("Your message").fill(`Please refund order 123 to my card ${CARD}`);
      await page.keyboard.press("Enter");
      await expect(hosted.locator(".msg.agent")).toHaveCount(2);

      const admin = await browser.newContext({ storageState: ADMIN_STATE });
      await personWrites(admin.request, await sessionIdOf(page), "Hello, this is Sam from refunds.");
      await admin.close();
      await expect(hosted.locator(".msg.operator")).toContainText("Hello, this is Sam from refunds.");

      await page.reload();
      const again = page.getByRole("dialog", { name: "Unread desk" });
      await expect(again.locator(".msg.operator")).toContainText("Hello, this is Sam from refunds.");
      await expect(again.locator(".msg.customer")).toContainText(`my card ${CARD}`);
      await expect(again.getByText("[CARD_1]")).toHaveCount(0);
      if (viewport.width > 1000) {
        // A readable column: every bubble at most 560 px, inside a centred column of 760 px.
        const column = { left: (viewport.width - 760) / 2, right: (viewport.width + 760) / 2 };
        for (const bubble of await again.locator(".msg").all()) {
          const box = await bubble.boundingBox();
          expect(box?.width).toBeLessThanOrEqual(560);
          expect(box?.x).toBeGreaterThanOrEqual(column.left);
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(column.right);
        }
      }
      await screenshot(page, `widget-hosted-after-reload-${viewport.name}`);
    });
  });
}
