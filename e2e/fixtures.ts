import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-env";

export async function signIn(page: Page) {
  if (!page.url().includes("/sign-in")) await page.goto("/sign-in");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

// Screenshots land in test-results/screenshots for a human to look at after a run. CI takes none
// (E2E_SCREENSHOTS=1 asks for them): nobody opens them there, and the 136 full-page captures cost
// about a tenth of the run's browser time; a failure still keeps its own screenshot and trace.
const takeScreenshots = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

export async function screenshot(page: Page, name: string) {
  if (!takeScreenshots) return;
  const dir = path.join("test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  // Finished animations: a dialog caught mid fade-in would show the page through it.
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: "disabled" });
}

export interface Person {
  email: string;
  name: string;
  password: string;
}

/** On /admin, signed in as the admin: adds `person` with `role` and waits for the form to reset. */
export async function addOperator(page: Page, person: Person, role: "designer" | "viewer" | "operator") {
  const form = page.getByRole("form", { name: "Add operator" });
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Name").fill(person.name);
  await form.getByLabel("Role").selectOption(role);
  await form.getByLabel("Initial password").fill(person.password);
  await form.getByRole("button", { name: "Add operator" }).click();
  await expect(page.getByText(person.email).first()).toBeVisible();
  // React resets the form when the action settles; typing the next person before that loses it.
  await expect(form.getByLabel("Email")).toHaveValue("");
}

/** Signs `person` in on this page. */
export async function signInAs(page: Page, person: Person) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** Signs `person` in from a fresh context and keeps the session in `file` (one sign-in per file: rate limit). */
export async function saveSessionAs(browser: Browser, baseURL: string | undefined, person: Person, file: string) {
  const page = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signInAs(page, person);
  await page.context().storageState({ path: file });
  await page.close();
}

/** Signs the admin in from a fresh context and keeps the session in `file` (one sign-in per file: rate limit). */
export async function saveAdminSession(browser: Browser, baseURL: string | undefined, file: string) {
  const page = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signIn(page);
  await page.context().storageState({ path: file });
  await page.close();
}

/** In the demo agent's sandbox: a fresh session (New session, unless there is none yet), then `message`; the reply's locator. */
export async function sendInFreshSandboxSession(page: Page, message: string, agentKey = "refund-desk") {
  await page.goto(`/agents/${agentKey}/sandbox`);
  if (!(await page.getByText("No sandbox session yet").isVisible())) {
    // Wait for the new session's URL: the page remounts on it, which would clear a message typed earlier.
    const before = new URL(page.url()).searchParams.get("session");
    await page.getByTestId("sandbox-reset").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("session")).not.toBe(before);
    await expect(page.getByTestId("agent-message")).toHaveCount(0);
  }
  const input = page.getByTestId("sandbox-input");
  await input.fill(message);
  await input.press("Enter");
  return page.getByTestId("agent-message").first();
}

/** Opens the demo's max-refund rule in the editor with `expression` typed in and parsed; the drawer's locator. */
export async function editMaxRefund(page: Page, expression: string) {
  await page.goto("/agents/refund-desk/rules");
  await page.getByRole("button", { name: "Edit max-refund" }).click();
  const editor = page.getByTestId("rule-editor");
  await editor.getByLabel("Enforcement expression (CEL)").fill(expression);
  await expect(editor.getByTestId("cel-status")).toHaveAttribute("data-state", "ok");
  return editor;
}

/** On /admin as the admin: creates an API key with `scopes` and returns it (shown once). */
export async function createApiKey(page: Page, name: string, scopes: string[]): Promise<string> {
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  for (const scope of scopes) await dialog.getByLabel(scope).check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^fk_/);
  await page.getByRole("button", { name: "Done" }).click();
  return key;
}

// Alignment 0.72 < 0.75 and drift 0.28 > 0.25: every completion reruns until the fourth (_r3)
// reaches max_reruns 3 and is force-finalized.
const RERUNNING_REFLECTION = {
  alignment_score: 0.72,
  drift_score: 0.28,
  summary_valid: true,
  reflection_persona: "SAGE",
};

/** Posts `root`, `_r1`, `_r2`, `_r3` through POST /orchestrator/loop-complete; returns the force-finalized id. */
export async function postForcedLoopFamily(request: APIRequestContext, key: string, root: string): Promise<string> {
  const ids = [root, `${root}_r1`, `${root}_r2`, `${root}_r3`];
  for (const loopId of ids) {
    const response = await request.post("/orchestrator/loop-complete", {
      headers: { authorization: `Bearer ${key}` },
      data: {
        loop_id: loopId,
        reflection_status: "done",
        orchestrator_persona: "SAGE",
        reflection: RERUNNING_REFLECTION,
      },
    });
    expect(response.status()).toBe(200);
  }
  return `${root}_r3`;
}
