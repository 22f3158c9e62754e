import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-env";

export async function signIn(page: Page) {
  if (!page.url().includes("/sign-in")) await page.goto("/sign-in");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

// Screenshots land in test-results/screenshots for a human to look at after a run.
export async function screenshot(page: Page, name: string) {
  const dir = path.join("test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
