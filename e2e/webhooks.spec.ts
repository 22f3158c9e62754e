import { expect, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot } from "./fixtures";

// Settings → Webhooks on an agent of its own (the demo is left as it was): a private address is
// refused beside the URL, a public one is added and its signing secret shown once, then listed
// without it, switched off from the keyboard, and deleted.

const ADMIN_STATE = authStatePath("webhooks-admin");
test.beforeAll(({ browser }, testInfo) => saveAdminSession(browser, testInfo.project.use.baseURL, ADMIN_STATE));
test.use({ storageState: ADMIN_STATE });

const { key: agentKey } = ownDemoAgent("hooked", { name: "Hooked desk" });
// A public address written as an IP: saved without a DNS lookup, and never called (no event is sent).
const receiver = "https://93.184.216.34/focal-events";

test("a webhook is added with its secret shown once, listed, switched off and deleted", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/settings`);
  const section = page.locator("section#webhooks");
  await expect(section.getByText("No webhooks yet")).toBeVisible();
  await section.getByRole("button", { name: "Add the first webhook" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add webhook" });
  await dialog.getByLabel("URL").fill("http://10.0.0.5/hook");
  await dialog.getByRole("checkbox", { name: /message\.operator/ }).check();
  await dialog.getByLabel("URL").press("Enter");
  await expect(dialog.getByText(/private address 10\.0\.0\.5/)).toBeVisible();
  // The refused form keeps what was typed.
  await expect(dialog.getByRole("checkbox", { name: /message\.operator/ })).toBeChecked();
  await screenshot(page, "webhooks-url-refused");

  await dialog.getByLabel("URL").fill(receiver);
  await dialog.getByLabel("URL").press("Enter");
  const secret = page.getByTestId("new-webhook-secret");
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  const shown = (await secret.textContent()) ?? "";
  await screenshot(page, "webhooks-secret-once");
  await page.getByRole("button", { name: "Done" }).click();

  const card = section.getByRole("listitem", { name: `Webhook ${receiver}` });
  await expect(card).toContainText("handoff.requested");
  await expect(card).toContainText("message.operator");
  await expect(card.getByText("No deliveries yet")).toBeVisible();
  await page.reload();
  await expect(section.getByRole("listitem", { name: `Webhook ${receiver}` })).toBeVisible();
  expect(await page.content()).not.toContain(shown);

  const enabled = card.getByRole("switch", { name: `Enabled: ${receiver}` });
  await expect(enabled).toHaveAttribute("aria-checked", "true");
  await enabled.focus();
  await page.keyboard.press("Space");
  await expect(enabled).toHaveAttribute("aria-checked", "false");
  await expect(card).toContainText("Disabled");
  await screenshot(page, "webhooks-list");

  await card.getByRole("button", { name: "Delete" }).click();
  await card.getByRole("button", { name: "Delete with its log" }).click();
  await expect(section.getByText("No webhooks yet")).toBeVisible();
});
