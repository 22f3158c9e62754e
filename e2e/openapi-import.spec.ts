import http from "node:http";
import { expect, test } from "@playwright/test";
import { stringify } from "yaml";
import { orderApiDocument } from "../test/support/openapi-fixtures";
import { E2E_TOOL_PORT } from "./e2e-env";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// Import from OpenAPI on an agent of its own: a designer adds the API's bearer credential, imports two
// operations of an order API (served here on 127.0.0.1, refusing a request without the token) through
// the Tools page's dialog, tries one (the request as sent shows the token as ••••), and a sandbox turn
// whose refund rule attaches it calls it; the trace's tool call shows `Authorization: ••••`.

const ADMIN_STATE = authStatePath("openapi-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

const TOKEN = "e2e-orders-token-91d2c7";
// Test gate off (ownDemoAgent's default): the refund rule below swaps its tool, which the demo's
// conversation tests notice.
const { key: agentKey } = ownDemoAgent("openapi", { name: "OpenAPI desk" });

let api: http.Server;
test.beforeAll(async () => {
  api = http.createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.headers.authorization !== `Bearer ${TOKEN}`) res.writeHead(401).end('{"error":"unauthorized"}');
    else res.writeHead(200).end(JSON.stringify({ orders: [{ id: "123", status: "delivered" }], order_count: 1 }));
  });
  await new Promise<void>((resolve) => api.listen(E2E_TOOL_PORT, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
});

test("a designer imports tools from an OpenAPI document, tries one and a turn uses it", async ({ page }, testInfo) => {
  const origin = { origin: testInfo.project.use.baseURL ?? "" };
  await page.goto(`/agents/${agentKey}/settings`);
  const section = page.locator("section#credentials");
  await section.getByRole("button", { name: "Add the first credential" }).click();
  const add = page.getByRole("dialog", { name: "Add credential" });
  await add.getByLabel("Name").fill("orders-api");
  await add.getByLabel("Token").fill(TOKEN);
  await add.getByLabel("Token").press("Enter");
  await expect(section.getByTestId("credential-row-orders-api")).toBeVisible();

  await page.goto(`/agents/${agentKey}/tools`);
  await page.getByRole("button", { name: "Import from OpenAPI" }).click();
  const dialog = page.getByTestId("openapi-import-dialog");
  await dialog
    .getByLabel(/OpenAPI 3.x document/)
    .fill(stringify(orderApiDocument(`http://127.0.0.1:${E2E_TOOL_PORT}/v1`)));
  await dialog.getByRole("button", { name: "Read operations" }).press("Enter");
  await dialog.getByRole("checkbox", { name: /GET \/customers\/me\/orders/ }).check();
  await dialog.getByRole("checkbox", { name: /POST \/orders/ }).check();
  // Named after the scheme, the credential is not set: the dialog says so beside the picker.
  await expect(dialog.getByText(/"bearer_auth".*not set for this agent/)).toBeVisible();
  await dialog.getByLabel("Credential for the document's security scheme").selectOption("orders-api");
  const preview = dialog.getByTestId("openapi-preview");
  await expect(preview).toContainText("Will create 2 tools");
  await expect(preview).toContainText("asks for approval");
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, "openapi-import-dialog");
  await dialog.getByTestId("openapi-import-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Imported 2 tools: list_my_orders, create_order")).toBeVisible();

  await page.getByRole("button", { name: "The customer's orders", exact: true }).click();
  await page.getByTestId("try-run").click();
  await expect(page.getByTestId("try-result")).toHaveAttribute("data-state", "ok");
  const sent = page.getByTestId("sent-request");
  await expect(sent).toContainText(`GET http://127.0.0.1:${E2E_TOOL_PORT}/v1/customers/me/orders`);
  await expect(sent).toContainText("Authorization: ••••");
  await expect(sent).not.toContainText(TOKEN);
  await screenshot(page, "openapi-import-try-it");

  // The refund rule attaches the imported listing (over REST, as the rules editor would save it).
  const rulePath = `/api/v1/agents/${agentKey}/rules/max-refund`;
  const { rule } = await (await page.request.get(rulePath)).json();
  const saved = await page.request.put(rulePath, {
    data: { ...rule, attached_tools: ["list_my_orders"] },
    headers: origin,
  });
  expect(saved.status()).toBe(200);

  await page.goto(`/agents/${agentKey}/sandbox`);
  const input = page.getByTestId("sandbox-input");
  await input.fill("I want my money back, can you show me my orders?");
  await input.press("Enter");
  await expect(page.getByTestId("agent-message").first()).toBeVisible({ timeout: 30_000 });
  const timeline = page.getByTestId("timeline");
  await timeline.locator('[data-testid="span-row"][data-span="tools"]').first().getByRole("button").click();
  const calls = timeline.getByRole("table", { name: "Tool calls" });
  await expect(calls).toContainText("list_my_orders");
  const request = timeline.getByTestId("tool-call-request");
  await request.getByText("Request as sent").click();
  await expect(request.getByTestId("sent-request")).toContainText("Authorization: ••••");
  await request.scrollIntoViewIfNeeded();
  expect(await page.content()).not.toContain(TOKEN);
  await screenshot(page, "openapi-import-trace");
});
