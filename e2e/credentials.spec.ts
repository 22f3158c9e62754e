import { expect, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// Settings → Credentials on an agent of its own (the demo is left as it was): its order lookup is an
// http tool naming a credential that is not set yet, which the tools list flags; an admin adds it from
// the keyboard and sees its fingerprint, never the secret; deleting it while the tool uses it is refused
// with the tool named; the tool editor shows the method, credential and templates.

const ADMIN_STATE = authStatePath("credentials-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

const SECRET = "e2e-secret-token-4f8a0c2d";
const { key: agentKey } = ownDemoAgent("keyed", {
  name: "Keyed desk",
  bundle: (demo) => ({
    ...demo,
    tools: demo.tools.map((tool: { key: string }) =>
      tool.key === "lookup_order"
        ? {
            ...tool,
            kind: "http",
            requires_approval: true,
            output: {
              url: "https://orders.example.com/orders/{order_id}",
              method: "POST",
              credential: "orders-api",
              headers: { "X-Desk": "refunds" },
              body: { order: "{order_id}" },
              variables: {},
            },
          }
        : tool,
    ),
  }),
});

test("a credential is added and listed by its fingerprint, never its secret", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/tools`);
  await expect(page.getByTestId("tool-unconfigured-lookup_order")).toBeVisible();
  await screenshot(page, "credentials-tool-unconfigured");

  await page.goto(`/agents/${agentKey}/settings`);
  const section = page.locator("section#credentials");
  await expect(section.getByText("No credentials yet")).toBeVisible();
  await section.getByRole("button", { name: "Add the first credential" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add credential" });
  await dialog.getByLabel("Name").fill("orders-api");
  await dialog.getByLabel("Kind").selectOption("bearer");
  await dialog.getByLabel("Token").fill(SECRET);
  await screenshot(page, "credentials-add-dialog");
  await dialog.getByLabel("Token").press("Enter");
  await expect(dialog).toBeHidden();

  const row = section.getByTestId("credential-row-orders-api");
  await expect(row.getByTestId("credential-fingerprint")).toHaveText(/^[0-9a-f]{8}$/);
  await expect(row).toContainText("lookup_order");
  await page.reload();
  await expect(section.getByTestId("credential-row-orders-api")).toBeVisible();
  expect(await page.content()).not.toContain(SECRET);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, "credentials-listed");

  await row.getByRole("button", { name: "Delete credential orders-api" }).click();
  const confirm = page.getByTestId("delete-credential-dialog");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm.getByText(/used by 1 tool \("lookup_order"\)/)).toBeVisible();
  await screenshot(page, "credentials-delete-refused");
  await confirm.getByRole("button", { name: "Keep it" }).click();

  // Test: the tool that names the credential opens in its editor, whose Try it calls with it.
  await row.getByRole("link", { name: "Test" }).click();
  await expect(page).toHaveURL(/\/tools\?tool=lookup_order$/);
  await expect(page.getByTestId("tool-unconfigured-lookup_order")).toBeHidden();
  await expect(page.getByLabel("Method")).toHaveValue("POST");
  await expect(page.getByLabel("Credential")).toHaveValue("orders-api");
  await expect(page.getByLabel("Headers")).toHaveValue("X-Desk: refunds");
  await page.getByLabel("JSON body").scrollIntoViewIfNeeded();
  await screenshot(page, "credentials-tool-editor");
});
