import { expect, test } from "@playwright/test";
import { ownDemoAgent, screenshot, signIn } from "./fixtures";

// The Users & keys page's publishable keys: created from the keyboard, a bad origin named inline, the
// key shown once and usable from its origin only (production only, its default environment), then
// revoked; an agent's identity secret created and shown once. On agents of its own.

const { key: agentKey, name: agentName } = ownDemoAgent("e2e-shop");
const { key: identityKey } = ownDemoAgent("e2e-identity", { name: "Identity desk" });

test("create a publishable key from the keyboard, use it from its origin, revoke it", async ({ page, request }) => {
  // Its own label: a retry (or another run on this database) must not meet the first one's row.
  const label = `e2e shop ${Date.now().toString(36)}`;
  await signIn(page);
  await page.goto("/admin");
  await screenshot(page, "admin-before-publishable-key");
  const open = page.getByRole("button", { name: "Create publishable key" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create publishable key" });
  // Other specs add agents that sort before this one: the key is for this spec's agent, chosen by name.
  await dialog.getByLabel("Agent").selectOption({ label: `${agentName} (${agentKey})` });
  await dialog.getByLabel("Label").fill(label);
  await page.keyboard.press("Tab");
  await page.keyboard.type("https://shop.example.com\nhttps://*.example.com");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText(/Line 2 \(https:\/\/\*\.example\.com\): must be an exact origin/)).toBeVisible();
  await expect(dialog.getByLabel("Label")).toHaveValue(label);
  await screenshot(page, "publishable-key-origin-error");

  await dialog.getByLabel("Allowed origins").fill("https://shop.example.com");
  await dialog.getByLabel("Allowed origins").press("Tab");
  await page.keyboard.press("Enter");
  const key = (await page.getByTestId("new-publishable-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^pk_/);
  await screenshot(page, "publishable-key-created");
  await page.getByRole("button", { name: "Done" }).click();

  const row = page.getByTestId(`publishable-key-${label}`);
  await expect(row).toContainText("https://shop.example.com");
  await expect(row).toContainText("production");
  await expect(row).toContainText(key.slice(0, 11));
  await expect(row).not.toContainText(key);
  await screenshot(page, "admin-publishable-keys");

  const headers = { authorization: `Bearer ${key}`, origin: "https://shop.example.com" };
  const started = await request.post(`/api/v1/agents/${agentKey}/sessions`, { headers, data: {} });
  expect(started.status()).toBe(201);
  expect((await started.json()).session_token).toMatch(/^v1\./);
  expect(started.headers()["access-control-allow-origin"]).toBe("https://shop.example.com");
  const preflight = await request.fetch(`/api/v1/agents/${agentKey}/sessions`, {
    method: "OPTIONS",
    headers: { origin: "https://shop.example.com", "access-control-request-method": "POST" },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()["access-control-allow-origin"]).toBe("https://shop.example.com");
  const elsewhere = await request.post(`/api/v1/agents/${agentKey}/sessions`, {
    headers: { ...headers, origin: "https://evil.example.com" },
    data: {},
  });
  expect(elsewhere.status()).toBe(403);
  // A page never names its customer.
  const named = await request.post(`/api/v1/agents/${agentKey}/sessions`, {
    headers,
    data: { customer_id: "customer-123" },
  });
  expect(named.status()).toBe(422);

  await row.getByRole("button", { name: `Revoke ${label}` }).click();
  const confirm = page.getByRole("dialog", { name: `Revoke “${label}”?` });
  await screenshot(page, "publishable-key-revoke-confirm");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByTestId(`publishable-key-${label}`)).toHaveCount(0);
  const revoked = await request.post(`/api/v1/agents/${agentKey}/sessions`, { headers, data: {} });
  expect(revoked.status()).toBe(401);
});

test("the agent's Settings show the chat widget's limits at their defaults", async ({ page }) => {
  await signIn(page);
  await page.goto(`/agents/${agentKey}/settings`);
  const section = page.getByRole("heading", { name: "Chat widget" });
  await section.scrollIntoViewIfNeeded();
  await expect(page.getByText("Widget turns a minute per session")).toBeVisible();
  await screenshot(page, "settings-widget");
});

test("an admin creates an agent's identity secret, shown once, and rotates it after a confirmation", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin");
  const row = page.getByTestId(`identity-secret-${identityKey}`);
  await expect(row).toContainText("None: the widget's chats are anonymous");
  await row.getByRole("button", { name: "Create the identity secret of Identity desk" }).click();
  const shown = page.getByRole("dialog", { name: "Copy the secret now" });
  const secret = (await shown.getByTestId("new-identity-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^cis_/);
  await screenshot(page, "identity-secret-created");
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(row).toContainText("Set ");
  await expect(row).not.toContainText(secret);

  await row.getByRole("button", { name: "Rotate the identity secret of Identity desk" }).click();
  const confirm = page.getByRole("dialog", { name: "Rotate the identity secret of “Identity desk”?" });
  await screenshot(page, "identity-secret-rotate-confirm");
  await confirm.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = (await page.getByTestId("new-identity-secret").textContent())?.trim() ?? "";
  expect(rotated).toMatch(/^cis_/);
  expect(rotated).not.toBe(secret);
  await page.getByRole("button", { name: "Done" }).click();
  await screenshot(page, "admin-identity-secrets");
});
