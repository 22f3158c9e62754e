import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN, E2E_API_KEY } from "./e2e-env";

/** The demo bundle as it ships (lib/demo), which the specs copy into agents of their own. */
export const DEMO_BUNDLE = JSON.parse(fs.readFileSync(path.join("lib", "demo", "refund-desk.bundle.json"), "utf8"));

/**
 * An agent of this spec file's own: the demo bundle (or what `bundle` makes of a copy of it) imported over
 * REST under `<slug>-<run>` before the file's first test, named `name`. Specs run side by side on one
 * server, two at a time: none changes an agent another spec reads. Call it at the top of the file, before
 * any hook that uses the agent (hooks run in the order they were declared). A new worker (a retry) loads
 * the file again and imports a fresh agent under a new key.
 *
 * Its conversation-test gate is off unless `testsGate: "block"` (the demo's default) asks for it: with the
 * gate on, every save runs the demo's 16 cases twice inside the save's transaction, and on PGlite's one
 * transaction at a time the other spec's requests wait behind it (a save and a sandbox turn beside it
 * both ran past their 10 s on a loaded machine). Specs about the gate, and the walk-throughs that save
 * past it, ask for it.
 */
export function ownDemoAgent(
  slug: string,
  options: {
    name?: string;
    bundle?: (demo: typeof DEMO_BUNDLE) => typeof DEMO_BUNDLE;
    testsGate?: "off" | "block";
  } = {},
): { key: string; name: string } {
  const run = Date.now().toString(36);
  const key = `${slug}-${run}`;
  // Never "Refund desk": the demo's own name stays the only one on the agents list.
  const name = options.name ?? `Desk ${slug} ${run}`;
  test.beforeAll(async ({ playwright }, testInfo) => {
    // No signed-in session (the file's storage state may not exist yet): the key alone.
    const api = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: { cookies: [], origins: [] },
      extraHTTPHeaders: { authorization: `Bearer ${E2E_API_KEY}` },
    });
    const copy = structuredClone(DEMO_BUNDLE);
    const made = options.bundle ? options.bundle(copy) : copy;
    const bundle = (options.testsGate ?? "off") === "block" ? made : withTestsGateOff(made);
    const imported = await api.post("/api/v1/agents/import", {
      data: { ...bundle, agent: { ...bundle.agent, key, name } },
    });
    expect(imported.status(), await imported.text()).toBe(201);
    await api.dispose();
  });
  return { key, name };
}

/** `bundle` with its agent's conversation-test gate off (a bundle's settings, docs/conversation-tests.md). */
export function withTestsGateOff(bundle: typeof DEMO_BUNDLE): typeof DEMO_BUNDLE {
  const settings = { ...bundle.agent.settings, testing: { tests_gate: "off" } };
  return { ...bundle, agent: { ...bundle.agent, settings } };
}

/**
 * Where a spec keeps a signed-in session (`name`: the spec file's name and who): per file, and per worker
 * process too, so a file's retry in a new worker never writes the file an earlier worker still reads.
 */
export function authStatePath(name: string): string {
  return path.join("test-results", "e2e-auth", `${name}-w${process.env.TEST_WORKER_INDEX ?? 0}.json`);
}

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

/**
 * On /admin, signed in as the admin: adds `person` with `role`, granted that role on `agentKey` alone
 * (docs/access-control.md): the console-wide pages and the sidebar's counts then show that agent only.
 */
export async function addOperatorOnOneAgent(
  page: Page,
  person: Person,
  agentKey: string,
  role: "designer" | "viewer" | "operator",
) {
  await addOperator(page, person, role);
  const grant = page.getByRole("form", { name: "Set a role on one agent" });
  await grant.getByLabel("Operator").selectOption({ label: `${person.email} (${role})` });
  await grant.getByLabel("Agent", { exact: true }).selectOption(agentKey);
  await grant.getByLabel("Role on this agent").selectOption(role);
  await grant.getByRole("button", { name: "Save access" }).click();
  await expect(page.getByText(`${person.email} is ${role} on ${agentKey}.`)).toBeVisible();
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

/** In the agent's sandbox: a fresh session (New session, unless there is none yet), then `message`; the reply's locator. */
export async function sendInFreshSandboxSession(page: Page, message: string, agentKey: string) {
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

/** Opens the max-refund rule (of a copy of the demo) in the editor with `expression` typed in and parsed; the drawer's locator. */
export async function editMaxRefund(page: Page, agentKey: string, expression: string) {
  await page.goto(`/agents/${agentKey}/rules`);
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
