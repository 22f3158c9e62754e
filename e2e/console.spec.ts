import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-env";
import { screenshot, signIn } from "./fixtures";

test("a wrong password gets one generic message", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email or password is wrong.")).toBeVisible();
  await screenshot(page, "sign-in-error");
});

test("pages carry a per-request CSP nonce and refuse framing", async ({ request }) => {
  const first = await request.get("/sign-in");
  const second = await request.get("/sign-in");
  const csp = first.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(second.headers()["content-security-policy"]).not.toContain(nonce);
  expect(await first.text()).toContain(`nonce="${nonce}"`);
});

test("sign in, see the demo agent, open it, verify the ledger", async ({ page }) => {
  await page.goto("/agents/refund-desk/rules");
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await signIn(page);
  await expect(page).toHaveURL(/\/agents\/refund-desk\/rules$/);
  await expect(page.getByRole("cell", { name: /refund_amount <= 50/ })).toBeVisible();
  await screenshot(page, "rules");

  await page.goto("/agents");
  await expect(page.getByRole("link", { name: "Refund desk" })).toBeVisible();
  await screenshot(page, "agents");
  await page.getByRole("link", { name: "Refund desk" }).click();
  await expect(page.getByRole("heading", { name: "Refund desk" })).toBeVisible();
  await expect(page.getByText("BUNDLE_IMPORTED").first()).toBeVisible();
  await screenshot(page, "agent-overview");

  for (const section of ["scenarios", "tools", "fields", "settings", "sandbox", "traces"]) {
    await page.goto(`/agents/refund-desk/${section}`);
    await expect(page.locator("h1")).toBeVisible();
    await screenshot(page, `section-${section}`);
  }

  // Keyboard: g then k jumps to the ledger. Keys pressed before the page has hydrated reach no listener
  // (the heading is rendered on the server): the chord is pressed again until it lands.
  await expect(async () => {
    await page.locator("body").press("g");
    await page.locator("body").press("k");
    await expect(page).toHaveURL(/\/ledger$/, { timeout: 2_000 });
  }).toPass();
  await page.getByTestId("verify-chain").click();
  await expect(page.getByTestId("verify-result")).toContainText("Chain intact");
  await screenshot(page, "ledger");
});

test("create an API key, call the API with it, revoke it", async ({ page, request }) => {
  await signIn(page);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("e2e client");
  await dialog.getByLabel("ledger:read").check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^fk_/);
  await screenshot(page, "api-key-created");
  await page.getByRole("button", { name: "Done" }).click();

  const ok = await request.get("/api/v1/ledger/verify", { headers: { authorization: `Bearer ${key}` } });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toMatchObject({ is_intact: true, broken_at: null });

  await page.getByTestId("api-key-e2e client").getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke “e2e client”?" });
  await screenshot(page, "api-key-revoke-confirm");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByTestId("api-key-e2e client")).toContainText("revoked");
  await screenshot(page, "admin");

  const refused = await request.get("/api/v1/ledger/verify", { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});
