import { expect, test } from "@playwright/test";
import { type McpTestServer, startMcpTestServer } from "../test/support/mcp-test-server";
import { E2E_MCP_PORT } from "./e2e-env";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// Tools → MCP servers on an agent of its own (the demo is left as it was), against a real MCP server
// on 127.0.0.1 (the SDK's McpServer, test/support/mcp-test-server.ts): an admin adds the server from
// the keyboard, Sync shows the diff, two of the three tools are picked and applied, and the tools
// list and the editor show them (server, remote tool, description as plain text).

const ADMIN_STATE = authStatePath("mcp-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

const { key: agentKey } = ownDemoAgent("mcp", { name: "MCP desk" });
let server: McpTestServer;

test.beforeAll(async () => {
  server = await startMcpTestServer(E2E_MCP_PORT);
  server.descriptions.set("find_order", "Finds an order. <b>not bold</b>");
});
test.afterAll(() => server?.close());

test("an MCP server is added, synced with a diff, and its picked tools imported", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/tools`);
  const section = page.locator("section#mcp-servers");
  await expect(section.getByText("No MCP servers yet")).toBeVisible();
  await section.getByRole("button", { name: "Add the first MCP server" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add MCP server" });
  await dialog.getByLabel("Name").fill("desk");
  await dialog.getByLabel("URL").fill("https://mcp.example.com/mcp");
  await dialog.getByLabel("URL").press("Enter");
  await expect(dialog.getByText("not an allowed tool host")).toBeVisible();
  await screenshot(page, "mcp-add-refused");
  await dialog.getByLabel("URL").fill(`${server.base}/mcp`);
  await dialog.getByLabel("URL").press("Enter");
  await expect(dialog).toBeHidden();

  await section.getByRole("button", { name: "Sync MCP server desk" }).click();
  const sync = page.getByTestId("mcp-sync-dialog");
  const diff = sync.getByTestId("mcp-sync-diff");
  await expect(diff.getByRole("region", { name: "Add: 3" })).toBeVisible();
  await expect(diff.getByText("Finds an order. <b>not bold</b>")).toBeVisible();
  await sync.getByLabel(/check_stock/).uncheck();
  await screenshot(page, "mcp-sync-diff");
  await sync.getByRole("button", { name: "Apply 2 changes" }).click();
  await expect(sync).toBeHidden();

  await expect(section.getByTestId("mcp-server-row-desk")).toContainText("find_order");
  await expect(
    page.getByRole("link", { name: "find_order", exact: true }).or(page.getByText("find_order on desk")),
  ).toBeTruthy();
  await screenshot(page, "mcp-tools-imported");
  await page
    .getByRole("button", { name: /find_order/ })
    .first()
    .click();
  await expect(page.getByTestId("tool-mcp-source")).toContainText("From MCP server desk");
  await expect(page.getByTestId("tool-mcp-description")).toHaveText("Finds an order. <b>not bold</b>");
  await screenshot(page, "mcp-tool-editor");
});
