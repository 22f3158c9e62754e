import { expect, type Page, test } from "@playwright/test";
import { addOperator, authStatePath, ownDemoAgent, saveSessionAs, screenshot, signIn } from "./fixtures";

// The tools editor on a copy of the demo Refund desk: a designer creates a static tool (an input, an output
// variable), meets a JSON error and a path error on the way, tries the draft, saves it; an http draft
// warns about a host this server does not allow; a viewer sees the list without edit controls. The
// demo's own lookup_order is left as it is.

const { key: agentKey } = ownDemoAgent("tools");

test.describe.configure({ mode: "serial" });

const STAMP = Date.now();
const DESIGNER = {
  email: `tools-designer-${STAMP}@focal.test`,
  name: "Dana Designer",
  password: "designer-password-12",
};
const VIEWER = { email: `tools-viewer-${STAMP}@focal.test`, name: "Vic Viewer", password: "viewer-password-1234" };
const DESIGNER_STATE = authStatePath("tools-designer");
const VIEWER_STATE = authStatePath("tools-viewer");

// The admin adds a designer and a viewer once; each test then runs as one of them. Sign-in is
// limited per address (lib/server/auth), so every person signs in once for the file.
test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const admin = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signIn(admin);
  await admin.goto("/admin");
  await addOperator(admin, DESIGNER, "designer");
  await addOperator(admin, VIEWER, "viewer");
  await admin.close();
  await saveSessionAs(browser, baseURL, DESIGNER, DESIGNER_STATE);
  await saveSessionAs(browser, baseURL, VIEWER, VIEWER_STATE);
});

async function openNewTool(page: Page) {
  await page.goto(`/agents/${agentKey}/tools`);
  await expect(page.getByTestId("tool-row-lookup_order")).toBeVisible();
  await page.getByRole("button", { name: "New tool" }).click();
  return page.getByTestId("tool-editor");
}

test.describe("as a designer", () => {
  test.use({ storageState: DESIGNER_STATE });

  test("creates a static tool: JSON and path errors as typed, try it, save, still there after a reload", async ({
    page,
  }) => {
    await page.goto(`/agents/${agentKey}/tools`);
    const lookup = page.getByTestId("tool-row-lookup_order");
    await expect(lookup).toContainText("order_amount");
    await expect(lookup).toContainText("max-refund");
    await screenshot(page, "tools-list");

    const editor = await openNewTool(page);
    await editor.getByRole("textbox", { name: "Name", exact: true }).fill("Price catalogue");
    await expect(editor.getByLabel("Key")).toHaveValue("price_catalogue");
    await editor.getByRole("textbox", { name: "Description", exact: true }).fill("Catalogue prices by SKU.");
    await editor.getByRole("button", { name: "Add input" }).click();
    await editor.getByLabel("Input 1 name").fill("sku");
    await editor.getByLabel("Input 1 required").check();

    const data = editor.getByLabel("Data (JSON)");
    const dataStatus = editor.getByTestId("data-status");
    await data.fill('{\n  "items": [\n    {"sku": "a1", "price": 9.5},\n  ]\n}');
    await expect(dataStatus).toHaveAttribute("data-state", "error");
    await expect(dataStatus).toContainText("Line 4, column 3: Trailing comma before ]");

    await editor.getByRole("button", { name: "Add output variable" }).click();
    await editor.getByLabel("Variable 1 name").fill("catalogue_price");
    const pathStatus = editor.getByTestId("path-status-0");
    await editor.getByLabel("Variable 1 path").fill("items[sku=sku].price");
    await expect(pathStatus).toHaveAttribute("data-state", "error");
    await expect(pathStatus).toContainText("Column 6: A selector is [n]");
    await screenshot(page, "tools-editor-errors");

    // Try it refuses a draft with broken JSON and says so in the form.
    await editor.getByTestId("try-run").click();
    await expect(editor.getByTestId("try-result")).toHaveAttribute("data-state", "invalid");
    await expect(editor.getByText("Line 4, column 3: Trailing comma before ]").first()).toBeVisible();

    await data.fill('{\n  "items": [\n    {"sku": "a1", "price": 9.5},\n    {"sku": "b2", "price": 12}\n  ]\n}');
    await expect(dataStatus).toHaveAttribute("data-state", "ok");
    await editor.getByLabel("Variable 1 path").fill("items[sku={sku}].price");
    await expect(pathStatus).toHaveAttribute("data-state", "ok");
    await expect(pathStatus).toContainText("uses input sku");

    await editor.locator("#try-sku").fill("b2");
    await editor.getByTestId("try-run").click();
    const result = editor.getByTestId("try-result");
    await expect(result).toHaveAttribute("data-state", "ok");
    await expect(editor.getByTestId("try-variables")).toContainText("catalogue_price");
    await expect(editor.getByTestId("try-variables")).toContainText("12");
    await expect(editor.getByTestId("try-output")).toContainText('"sku": "a1"');
    await screenshot(page, "tools-try-it");

    await editor.getByRole("button", { name: "Create tool" }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText(/Saved price_catalogue · v\d+/)).toBeVisible();
    await page.reload();
    const row = page.getByTestId("tool-row-price_catalogue");
    await expect(row).toContainText("Price catalogue");
    await expect(row).toContainText("catalogue_price");
    await expect(row).toContainText("items[sku={sku}].price");
    await expect(row).toContainText("no rule: never runs");

    await row.getByRole("button", { name: "Edit price_catalogue" }).click();
    await expect(page.getByTestId("tool-editor").getByLabel("Input 1 name")).toHaveValue("sku");
    await screenshot(page, "tools-editor");
  });

  test("an http draft on a host this server does not allow is flagged, and trying it shows the refusal", async ({
    page,
  }) => {
    const editor = await openNewTool(page);
    await editor.getByRole("textbox", { name: "Name", exact: true }).fill("Orders API");
    await editor.getByLabel("HTTP call").check();
    await editor.getByLabel("URL").fill("https://api.example.com/orders");
    const host = editor.getByTestId("host-status");
    await expect(host).toHaveAttribute("data-state", "not_allowed");
    await expect(host).toContainText("api.example.com is not an allowed tool host on this server");
    await editor.getByTestId("try-run").click();
    await expect(editor.getByTestId("try-result")).toHaveAttribute("data-state", "refused");
    await expect(editor.getByTestId("try-result")).toContainText("not in the allowed tool hosts");
    await screenshot(page, "tools-http-refused");
    await editor.getByRole("button", { name: "Cancel" }).click();
    // Unsaved edits: the console asks in its own dialog; keeping them leaves the editor as it was.
    const discard = page.getByRole("dialog", { name: "Discard your unsaved changes to this tool?" });
    await expect(discard).toBeVisible();
    await screenshot(page, "tools-discard-confirm");
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await expect(editor.getByLabel("URL")).toHaveValue("https://api.example.com/orders");
    await page.keyboard.press("Escape");
    await discard.getByRole("button", { name: "Discard changes" }).click();
    await expect(editor).toBeHidden();
  });

  test("a tool that rules attach cannot be deleted until they let go of it", async ({ page }) => {
    await page.goto(`/agents/${agentKey}/tools`);
    await page.getByRole("button", { name: "Delete lookup_order" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("look-up-order");
    await expect(dialog).toContainText("max-refund");
    await expect(dialog.getByRole("button", { name: "Delete tool" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("tool-row-lookup_order")).toBeVisible();
  });
});

test.describe("as a viewer", () => {
  test.use({ storageState: VIEWER_STATE });

  test("sees the tools and opens one read-only, without edit controls", async ({ page }) => {
    await page.goto(`/agents/${agentKey}/tools`);
    await expect(page.getByTestId("tool-row-lookup_order")).toBeVisible();
    await expect(page.getByRole("button", { name: "New tool" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Edit|Duplicate|Delete) / })).toHaveCount(0);
    await page.getByRole("button", { name: "View lookup_order" }).click();
    const editor = page.getByTestId("tool-editor");
    await expect(editor.getByRole("textbox", { name: "Name", exact: true })).toBeDisabled();
    await expect(
      editor.getByRole("button", { name: /Save tool|Create tool|Run|Add input|Add output variable/ }),
    ).toHaveCount(0);
    await expect(editor).toContainText("Designers can run a tool here");
    await screenshot(page, "tools-viewer");
  });
});
