import { expect, test } from "@playwright/test";
import { addOperator, authStatePath, ownDemoAgent, saveAdminSession, screenshot, signInAs } from "./fixtures";

// Access per agent: the admin gives a designer one agent only (Users & keys → Access per agent); the
// designer sees and edits that agent, and every URL of another agent (the demo, only read) answers 404.
// It adds an agent and an operator of its own.

const ADMIN_STATE = authStatePath("agent-access-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));

const run = Date.now().toString(36);
const { key: agentKey } = ownDemoAgent("scoped", { name: `Scoped desk ${run}` });
const designer = { email: `scoped-${run}@focal.test`, name: `Scoped ${run}`, password: "scoped-designer-pw-1" };

test("a designer granted one agent sees and edits it, and the other agent's URLs are 404", async ({
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL ?? "";
  const admin = await browser.newPage({ baseURL, storageState: ADMIN_STATE });
  await admin.goto("/admin");
  await addOperator(admin, designer, "viewer");
  const grant = admin.getByRole("form", { name: "Set a role on one agent" });
  await grant.getByLabel("Operator").selectOption({ label: `${designer.email} (viewer)` });
  await grant.getByLabel("Agent", { exact: true }).selectOption(agentKey);
  // Keyboard only: the role select and the button.
  await grant.getByLabel("Role on this agent").focus();
  await admin.keyboard.press("Home");
  await grant.getByLabel("Role on this agent").selectOption("designer");
  await grant.getByRole("button", { name: "Save access" }).focus();
  await admin.keyboard.press("Enter");
  await expect(admin.getByText(`${designer.email} is designer on ${agentKey}.`)).toBeVisible();
  await expect(admin.getByTestId("agent-grants")).toContainText(agentKey);

  // A key limited to agents cannot also be admin: the dialog says so beside the agents.
  await admin.getByRole("button", { name: "Create API key" }).click();
  const dialog = admin.getByRole("dialog", { name: "Create API key" });
  await dialog.getByLabel("Name").fill(`scoped key ${run}`);
  await dialog.getByRole("checkbox", { name: "admin", exact: true }).check();
  await dialog.getByRole("checkbox", { name: new RegExp(agentKey) }).check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("A key with the admin scope reaches every agent.")).toBeVisible();
  await screenshot(admin, "agent-access-key-error");
  await dialog.getByLabel("Name").fill(`scoped key ${run}`);
  await dialog.getByRole("checkbox", { name: "admin", exact: true }).uncheck();
  await dialog.getByRole("checkbox", { name: new RegExp(agentKey) }).check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  // The dialog now shows the key once (and is named for that).
  await expect(admin.getByTestId("new-api-key")).toBeVisible();
  await admin.getByRole("button", { name: "Done" }).click();
  await expect(admin.getByTestId(`api-key-scoped key ${run}`)).toContainText(agentKey);
  await screenshot(admin, "agent-access-admin");
  await admin.close();

  const page = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signInAs(page, designer);
  await page.goto("/agents");
  await expect(page.getByRole("link", { name: new RegExp(`Scoped desk ${run}`) }).first()).toBeVisible();
  await expect(page.getByText("Refund desk", { exact: true })).toHaveCount(0);
  await screenshot(page, "agent-access-designer-agents");

  // Designer on this agent: the rules' switches work (and are put back).
  await page.goto(`/agents/${agentKey}/rules`);
  const toggle = page.getByRole("switch", { name: "Enabled: no-competitor-mentions" });
  await toggle.click();
  await expect(page.getByText("no-competitor-mentions disabled")).toBeVisible({ timeout: 30_000 });
  // The switch shows the saved state once the page has re-read the rules; a click before that would
  // send the same change again.
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText("no-competitor-mentions enabled")).toBeVisible({ timeout: 30_000 });

  for (const url of ["/agents/refund-desk", "/agents/refund-desk/rules", "/agents/refund-desk/sandbox"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
  }
  const api = await page.request.get("/api/v1/agents/refund-desk/tests");
  expect(api.status()).toBe(404);
  await page.goto("/agents/refund-desk/rules");
  await screenshot(page, "agent-access-designer-404");
  await page.close();
});
