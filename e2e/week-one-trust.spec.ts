import { expect, type Locator, type Page, test } from "@playwright/test";
import { authStatePath, ownDemoAgent, saveAdminSession, screenshot, sendInFreshSandboxSession } from "./fixtures";

// A designer's first week, as the admin: the agent in context survives the global pages; every create
// form keeps what was typed and chosen after a refusal; a turn's regeneration loop takes an override;
// the Tests page, the Ledger and Jobs say consistent things. Each changed page is shot at 1440 × 900
// and 390 × 844. It works on agents of its own: an empty one made here and a copy of the demo.

const { key: agentKey } = ownDemoAgent("week-one-trust");

test.describe.configure({ mode: "serial" });

const RUN = Date.now();
const STATE = authStatePath("week-one-trust-admin");
const COPY = { name: `Week one ${RUN}`, key: `week-one-${RUN}` };

test.beforeAll(async ({ browser }, testInfo) => {
  await saveAdminSession(browser, String(testInfo.project.use.baseURL), STATE);
});
test.use({ storageState: STATE, viewport: { width: 1440, height: 900 } });

/** Screenshots at the desktop size and the phone size, then back to the desktop. */
async function shoot(page: Page, name: string) {
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Some field error or alert is shown inside `scope` (a refusal arrived). */
async function expectRefusal(scope: Locator) {
  await expect(scope.locator("[data-slot=field-error]:not(:empty), [data-slot=alert]").first()).toBeVisible();
}

test("the agent switcher keeps the agent worked on across Loops, Ledger, Jobs and Users", async ({ page }) => {
  await page.goto("/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("form", { name: "New agent" });
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(COPY.name);
  await dialog.getByRole("textbox", { name: "Key", exact: true }).fill(COPY.key);
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${COPY.key}`));

  await page.goto(`/agents/${COPY.key}/rules`);
  const switcher = page.locator("#agent-switcher");
  await expect(switcher).toHaveValue(COPY.key);
  const nav = page.getByRole("navigation", { name: "Sections" });
  for (const [label, url] of [
    ["Loops", /\/loops$/],
    ["Ledger", /\/ledger$/],
    ["Jobs", /\/admin\/jobs$/],
    ["Users & keys", /\/admin$/],
  ] as const) {
    await nav.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(switcher).toHaveValue(COPY.key);
  }
  // A full load of a global page (a bookmark, a reload) remembers it too.
  await page.goto("/ledger");
  await expect(switcher).toHaveValue(COPY.key);
  await nav.getByRole("link", { name: "Rules" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${COPY.key}/rules$`));

  // Another agent from the switcher: the same section of that agent, and the global pages follow.
  await switcher.selectOption(agentKey);
  await expect(page).toHaveURL(new RegExp(`/agents/${agentKey}/rules$`));
  await page.goto("/loops");
  await expect(switcher).toHaveValue(agentKey);
});

test("Add operator keeps the role after a short password, and creates the operator with it", async ({ page }) => {
  await page.goto("/admin");
  const form = page.getByRole("form", { name: "Add operator" });
  const email = `kept-role-${RUN}@focal.test`;
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Name").fill("Kept Role");
  await form.getByLabel("Role").selectOption("operator");
  await form.getByLabel("Initial password").fill("short");
  await form.getByRole("button", { name: "Add operator" }).click();
  await expectRefusal(form);
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByLabel("Name")).toHaveValue("Kept Role");
  await expect(form.getByLabel("Role")).toHaveValue("operator");
  await shoot(page, "trust-add-operator-refused");

  await form.getByLabel("Initial password").fill("a-long-enough-password");
  await form.getByRole("button", { name: "Add operator" }).click();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("operator");
  await expect(form.getByLabel("Email")).toHaveValue("");
});

test("Create API key keeps its name and scopes after a refusal", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Create API key" }).click();
  const form = page.getByRole("form", { name: "Create API key" });
  await form.getByLabel("Name").fill(`kept scopes ${RUN}`);
  await form.getByLabel("agents:read").uncheck();
  await form.getByRole("button", { name: "Create key" }).click();
  await expectRefusal(form);
  await expect(form.getByLabel("Name")).toHaveValue(`kept scopes ${RUN}`);
  // The default scope does not come back by itself: the form shows what was chosen.
  await expect(form.getByLabel("agents:read")).not.toBeChecked();
  await form.getByLabel("loops:read").check();
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("new-api-key")).toHaveText(/^fk_/);
  await page.getByRole("button", { name: "Done" }).click();
});

test("New agent and New scenario keep every value after a refusal", async ({ page }) => {
  await page.goto("/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const agent = page.getByRole("form", { name: "New agent" });
  await agent.getByRole("textbox", { name: "Name", exact: true }).fill("Second refund desk");
  await agent.getByRole("textbox", { name: "Key", exact: true }).fill(agentKey);
  await agent.getByRole("textbox", { name: "Description", exact: true }).fill("Taken key on purpose");
  await agent.getByRole("button", { name: "Create agent" }).click();
  await expectRefusal(agent);
  await expect(agent.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Second refund desk");
  await expect(agent.getByRole("textbox", { name: "Key", exact: true })).toHaveValue(agentKey);
  await expect(agent.getByRole("textbox", { name: "Description", exact: true })).toHaveValue("Taken key on purpose");
  await page.keyboard.press("Escape");

  await page.goto(`/agents/${COPY.key}/scenarios`);
  await page.getByRole("button", { name: "New scenario" }).click();
  const scenario = page.getByRole("form", { name: "New scenario" });
  await scenario.getByRole("textbox", { name: "Name", exact: true }).fill("Refund");
  await scenario.getByRole("textbox", { name: "Key", exact: true }).fill("bad key with spaces");
  await scenario.getByRole("textbox", { name: "Intent label", exact: true }).fill("refund_request");
  await scenario.getByRole("textbox", { name: "First step", exact: true }).fill("Ask for the order");
  await scenario.getByRole("button", { name: "Create scenario" }).click();
  await expectRefusal(scenario);
  await expect(scenario.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Refund");
  await expect(scenario.getByRole("textbox", { name: "Key", exact: true })).toHaveValue("bad key with spaces");
  await expect(scenario.getByRole("textbox", { name: "Intent label", exact: true })).toHaveValue("refund_request");
  await expect(scenario.getByRole("textbox", { name: "First step", exact: true })).toHaveValue("Ask for the order");
  await page.keyboard.press("Escape");
});

test("New rule, tool, profile field and response variable keep every value, selects included", async ({ page }) => {
  await page.goto(`/agents/${agentKey}/rules`);
  await page.getByRole("button", { name: "New rule" }).click();
  const rule = page.getByTestId("rule-editor");
  await rule.getByRole("textbox", { name: "Name", exact: true }).fill("Refund limit again");
  await rule.getByLabel("Key").fill("max-refund");
  await rule.getByLabel("Condition (when)").fill("The customer asks for a refund");
  await rule.getByLabel("Action (then)").fill("Offer at most $50");
  await rule.getByRole("checkbox", { name: /Hard constraint/ }).check();
  await rule.getByLabel("Lane").selectOption("subjective");
  await rule.getByRole("button", { name: "Create rule" }).click();
  await expectRefusal(rule);
  await expect(rule.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Refund limit again");
  await expect(rule.getByLabel("Key")).toHaveValue("max-refund");
  await expect(rule.getByLabel("Lane")).toHaveValue("subjective");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Discard changes" }).click();

  await page.goto(`/agents/${agentKey}/tools`);
  await page.getByRole("button", { name: "New tool" }).click();
  const tool = page.getByTestId("tool-editor");
  await tool.getByRole("textbox", { name: "Name", exact: true }).fill("Order lookup again");
  await tool.getByLabel("Key").fill("lookup_order");
  await tool.getByRole("button", { name: "Add input" }).click();
  await tool.getByLabel("Input 1 name").fill("amount");
  await tool.getByLabel("Input 1 type").selectOption("number");
  await tool.getByRole("button", { name: "Create tool" }).click();
  await expectRefusal(tool);
  await expect(tool.getByLabel("Key")).toHaveValue("lookup_order");
  await expect(tool.getByLabel("Input 1 name")).toHaveValue("amount");
  await expect(tool.getByLabel("Input 1 type")).toHaveValue("number");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Discard changes" }).click();

  await page.goto(`/agents/${agentKey}/fields`);
  await page.getByRole("button", { name: "New profile field" }).click();
  const field = page.getByTestId("field-editor");
  await field.getByLabel("Display name").fill("Country again");
  await field.getByLabel("Field name").fill("country");
  await field.getByLabel("Type").selectOption("number");
  await field.getByRole("button", { name: "Create field" }).click();
  await expectRefusal(field);
  await expect(field.getByLabel("Field name")).toHaveValue("country");
  await expect(field.getByLabel("Type")).toHaveValue("number");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Discard changes" }).click();

  await page.getByRole("button", { name: "New response variable" }).click();
  const variable = page.getByTestId("variable-editor");
  await variable.getByRole("textbox", { name: "Name", exact: true }).fill("refund_amount");
  await variable.getByLabel("Type").selectOption("boolean");
  await variable.getByRole("textbox", { name: "Description", exact: true }).fill("Taken name on purpose");
  await variable.getByRole("button", { name: "Create variable" }).click();
  await expectRefusal(variable);
  await expect(variable.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("refund_amount");
  await expect(variable.getByLabel("Type")).toHaveValue("boolean");
  await expect(variable.getByRole("textbox", { name: "Description", exact: true })).toHaveValue(
    "Taken name on purpose",
  );
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Discard changes" }).click();
});

test("a turn's regeneration loop stopped by the rewrite limit takes an override, kept in the ledger", async ({
  page,
}) => {
  const reply = await sendInFreshSandboxSession(page, "I'm in France and want a refund for order 123", agentKey);
  await expect(reply).toContainText("regenerated");
  // The rewrite passed, so the Loops list does not count it as force-finalized; its record still says
  // the rewrite limit stopped it, which is what the override is for. `_r1` is the turn's rewrite loop,
  // found by the turn's id: other specs' turns add loops to the same list.
  const trace = (await reply.getByRole("link", { name: "trace" }).getAttribute("href")) ?? "";
  const loopId = `turn_${trace.split("/").at(-1)}_r1`;
  await page.goto("/loops?kind=turn");
  await page.getByTestId(`loop-row-${loopId}`).getByRole("link", { name: loopId }).click();
  await expect(page).toHaveURL(new RegExp(`/loops/${loopId}$`));
  await page.getByTestId("override-button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("already been sent");
  await expect(dialog.getByLabel("Override max reruns")).toBeChecked();
  // The required reason: the checkboxes keep their state through the refusal.
  await dialog.getByLabel("Override fatigue").check();
  await dialog.getByRole("button", { name: "Override guardrails" }).click();
  await expect(dialog.getByText("Say why the guardrail may be lifted")).toBeVisible();
  await expect(dialog.getByLabel("Override fatigue")).toBeChecked();
  const reason = `The rewrite was right; one rewrite is enough here (${RUN}).`;
  await dialog.getByLabel("Reason").fill(reason);
  await shoot(page, "trust-turn-loop-override-dialog");
  await dialog.getByRole("button", { name: "Override guardrails" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("loop-override-summary")).toContainText(reason);
  await shoot(page, "trust-turn-loop-overridden");

  await page.getByTestId("override-history").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/ledger\?type=GUARDRAIL_OVERRIDE/);
  // Its own event, by its agent: other specs override loops too.
  const event = page.getByRole("row").filter({ hasText: "GUARDRAIL_OVERRIDE" }).filter({ hasText: agentKey });
  await event.getByRole("button", { name: /^Payload of event/ }).click();
  const payload = page.getByRole("dialog").getByTestId("ledger-payload");
  await expect(payload).toContainText(reason);
  await expect(payload).toContainText(loopId);
});

test("the Tests page: k and Tries are separate, one pass^1 card at k = 1, model calls said for what they are", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(`/agents/${agentKey}/tests`);
  const k = page.getByLabel("k", { exact: true });
  const tries = page.getByLabel("Tries");
  await k.fill("3");
  await expect(tries).toHaveValue("1");
  await expect(page.getByText("Tries must be at least k.")).toBeVisible();
  await expect(page.getByTestId("run-suite")).toBeDisabled();
  await k.fill("1");
  await expect(page.getByText("Tries must be at least k.")).toHaveCount(0);

  await page.getByTestId("run-suite").click();
  const report = page.getByTestId("test-run-report");
  await expect(report).toBeVisible({ timeout: 120_000 });
  await expect(report.locator("[data-slot=stat]").filter({ hasText: /^pass\^1/ })).toHaveCount(1);
  await expect(report.getByTestId("run-model-calls")).toContainText(/none reached a provider/);
  await expect(page.getByText("so it makes no model call")).toHaveCount(0);
  await shoot(page, "trust-tests-page");
});

test("the Ledger explains its chains and numbers, and shows a payload whole", async ({ page }) => {
  await page.goto("/ledger");
  await expect(page.getByTestId("ledger-chains-explained")).toContainText("skips the numbers of writes");
  await page.getByTestId("verify-chain").click();
  await expect(page.getByTestId("verify-result")).toContainText(/Chain intact: \d+ events? in \d+ chains?/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId("verify-result")).toContainText("no chain skips any of its own");
  await shoot(page, "trust-ledger");
  // The anchor's payload holds a 64-character Merkle root: the dialog shows all of it, wrapped, nothing
  // hidden sideways. The type filter finds the newest anchor: the spec running beside this one writes
  // enough events between two anchors (one a minute) to push it off the unfiltered first page.
  await page.goto("/ledger?type=LEDGER_ANCHORED");
  const anchor = page.getByRole("row").filter({ hasText: "LEDGER_ANCHORED" }).first();
  await anchor.getByRole("button", { name: /^Payload of event/ }).click();
  const payload = page.getByRole("dialog").getByTestId("ledger-payload");
  await expect(payload).toContainText(/"merkle_root": "[0-9a-f]{64}"/);
  expect(await payload.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  const box = await payload.boundingBox();
  expect(box !== null && box.x >= 0 && box.x + box.width <= 1440).toBe(true);
  await shoot(page, "trust-ledger-payload");
});

test("Jobs: the periodic jobs once each, their runs hidden until shown", async ({ page }) => {
  await page.goto("/admin/jobs");
  await expect(page.getByTestId("periodic-job-ledger.anchor")).toContainText("every minute");
  await expect(page.getByTestId("periodic-job-ledger.anchor")).toContainText("Next run:");
  const table = page.getByRole("table", { name: "Jobs" });
  await expect(table.getByText("Ledger anchor")).toHaveCount(0);
  await shoot(page, "trust-jobs");
  await page.getByLabel("Periodic runs").selectOption("shown");
  await expect(page).toHaveURL(/periodic=shown/);
  await expect(table.getByText("Ledger anchor").first()).toBeVisible();
  await page.goto("/admin");
  await shoot(page, "trust-users");
});
