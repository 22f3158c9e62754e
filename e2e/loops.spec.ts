import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addOperator, createApiKey, postForcedLoopFamily, screenshot, signIn } from "./fixtures";

// An operator sees a force-finalized loop on the Loops dashboard, overrides it with a
// reason, and finds the override in the Ledger; a designer sees the loop but no Override button.
// The admin (FOCAL_ADMIN_* of e2e-env.ts) creates both people and an API key with loops:write on
// /admin; the loops are posted through POST /orchestrator/loop-complete with that key.

test.describe.configure({ mode: "serial" });

const RUN = Date.now();
const OPERATOR = { email: `loops-operator-${RUN}@focal.test`, name: "Olga Operator", password: "operator-password-12" };
const DESIGNER = { email: `loops-designer-${RUN}@focal.test`, name: "Dan Designer", password: "designer-password-12" };
const ROOT = `e2e_loop_${RUN}`;
const FORCED = `${ROOT}_r3`;
const REASON = "The retrieval index was rebuilt; one more pass is worth it.";

async function postLoops(request: APIRequestContext, key: string) {
  expect(await postForcedLoopFamily(request, key, ROOT)).toBe(FORCED);
  const status = await request.get(`/api/v1/orchestrator/guardrails-status/${FORCED}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  // The key has loops:write only: reading the status needs loops:read.
  expect(status.status()).toBe(403);
}

async function signInAs(page: Page, person: typeof OPERATOR) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

test("an operator overrides a force-finalized loop with a reason and sees it in the Ledger", async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto("/admin");
  await addOperator(page, OPERATOR, "operator");
  await addOperator(page, DESIGNER, "designer");
  await postLoops(request, await createApiKey(page, `e2e orchestrator ${RUN}`, ["loops:write"]));

  await signInAs(page, OPERATOR);
  await page.goto("/loops");
  await page.getByLabel("Force-finalized").selectOption("yes");
  await expect(page).toHaveURL(/[?&]ff=yes/);
  const row = page.getByTestId(`loop-row-${FORCED}`);
  await expect(row).toContainText("force-finalized");
  await expect(row).toContainText("3 / 3");
  await expect(page.getByTestId("chart-fatigue")).toBeVisible();
  await screenshot(page, "loops-dashboard");

  await row.getByRole("link", { name: FORCED }).click();
  await expect(page).toHaveURL(new RegExp(`/loops/${FORCED}$`));
  await expect(page.getByTestId("lineage")).toContainText(ROOT);
  await expect(page.getByTestId("lineage").getByRole("link")).toHaveCount(4);
  await expect(page.getByTestId("loop-status")).toContainText("Force-finalized: rerun limit reached");
  await screenshot(page, "loop-detail");

  await page.getByTestId("override-button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Override max reruns")).toBeChecked();
  await dialog.getByRole("button", { name: "Override guardrails" }).click();
  // The reason is required: an inline error under the field, focus on it, nothing sent.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Say why the guardrail may be lifted")).toBeVisible();
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  await dialog.getByLabel("Reason").fill(REASON);
  await screenshot(page, "loop-override-dialog");
  await dialog.getByRole("button", { name: "Override guardrails" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("loop-override-summary")).toContainText(REASON);
  await expect(page.getByText(`Overridden by ${OPERATOR.email}`)).toBeVisible();
  await expect(page.getByTestId("override-history")).toContainText(OPERATOR.email);
  await screenshot(page, "loop-overridden");

  await page.getByTestId("override-history").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/ledger\?type=GUARDRAIL_OVERRIDE/);
  const event = page.getByRole("row").filter({ hasText: "GUARDRAIL_OVERRIDE" }).filter({ hasText: OPERATOR.email });
  await expect(event).toHaveCount(1);
  await event.getByRole("button", { name: /^Payload of event/ }).click();
  const payload = page.getByRole("dialog").getByTestId("ledger-payload");
  await expect(payload).toContainText(REASON);
  await expect(payload).toContainText(FORCED);
  await screenshot(page, "ledger-guardrail-override");
});

test("a designer sees the loop but no Override button", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(DESIGNER.email);
  await page.getByLabel("Password").fill(DESIGNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto(`/loops/${FORCED}`);
  await expect(page.getByTestId("loop-reasoning")).toBeVisible();
  await expect(page.getByText(`Overridden by ${OPERATOR.email}`)).toBeVisible();
  await expect(page.getByTestId("override-button")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Override/ })).toHaveCount(0);
  await screenshot(page, "loop-detail-designer");
});
