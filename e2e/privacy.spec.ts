import { expect, test } from "@playwright/test";
import { ownDemoAgent, screenshot, sendInFreshSandboxSession, signIn } from "./fixtures";

// A card number typed in the sandbox is stored and traced as [CARD_1]; the admin reveals it on the
// trace, and the reveal is on the turn's ledger trail only as an event, never as the value.

const { key: agentKey } = ownDemoAgent("privacy");
const CARD = "4111 1111 1111 1111";
const MESSAGE = `Please refund order 123 to my card ${CARD}`;

test("a card number is masked in the trace and an admin reveals it", async ({ page }) => {
  await signIn(page);
  await expect(await sendInFreshSandboxSession(page, MESSAGE, agentKey)).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("session") ?? "").toMatch(/^[0-9a-f-]{36}$/);
  const sessionId = new URL(page.url()).searchParams.get("session") ?? "";

  await page.goto(`/agents/${agentKey}/traces?session=${sessionId}`);
  const row = page.getByTestId("trace-row").first();
  await expect(row).toContainText("[CARD_1]");
  await expect(row).not.toContainText(CARD);
  await row.getByRole("link", { name: /\[CARD_1\]/ }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agentKey}/traces/[0-9a-f-]{36}$`));

  const masked = page.getByRole("region", { name: "Masked values" });
  await expect(masked.getByTestId("pii-placeholder").first()).toContainText("[CARD_1]");
  await masked.getByRole("button", { name: "Reveal" }).first().click();
  await expect(masked.getByTestId("pii-value")).toHaveText(CARD);
  await screenshot(page, "privacy-reveal");
});
