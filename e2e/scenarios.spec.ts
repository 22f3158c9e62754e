import { expect, type Page, test } from "@playwright/test";
import { addOperator, ownDemoAgent, screenshot, signIn, signInAs } from "./fixtures";

// The scenario editor on a copy of the demo Refund desk: a designer edits Pricing (an instruction, a new step and
// a transition), watches the graph and its warnings follow, saves, finds the version in the History,
// then takes the step out again, back to the demo's Pricing. A viewer sees the
// same pages without a single edit control. The admin of e2e-env.ts creates both people on /admin.

const { key: agentKey } = ownDemoAgent("scenarios");

test.describe.configure({ mode: "serial" });

const RUN = Date.now();
const DESIGNER = { email: `scen-designer-${RUN}@focal.test`, name: "Dana Designer", password: "designer-password-12" };
const VIEWER = { email: `scen-viewer-${RUN}@focal.test`, name: "Vic Viewer", password: "viewer-password-12" };
const ORIGINAL_INSTRUCTIONS =
  "Find out which product or service the customer is asking about. If the message already says, move on without asking.";
const EDITED_INSTRUCTIONS = "Find out which product the customer means; a name, a link or a SKU is enough.";

/** The version the editor saves on top of ("editing v12; saving makes v13"). */
async function editingVersion(page: Page): Promise<number> {
  const text = (await page.getByText(/editing v\d+;/).textContent()) ?? "";
  return Number(/editing v(\d+);/.exec(text)?.[1]);
}

const node = (page: Page, name: string) => page.getByRole("group", { name: new RegExp(`^Step ${name} \\(`) });
const stepCard = (page: Page, name: string) => page.getByRole("listitem", { name: new RegExp(`^Step \\d+: ${name}$`) });
const checks = (page: Page) => page.getByTestId("scenario-checks");

test.beforeAll(async ({ browser }, testInfo) => {
  const page = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await signIn(page);
  await page.goto("/admin");
  await addOperator(page, DESIGNER, "designer");
  await addOperator(page, VIEWER, "viewer");
  await page.close();
});

test("a designer edits a step, adds a step and a transition, sees the graph and its warnings follow, and saves", async ({
  page,
}) => {
  await signInAs(page, DESIGNER);
  await page.goto(`/agents/${agentKey}/scenarios`);
  await expect(page.getByTestId("scenario-row-refund")).toContainText("Ask for the order");
  await expect(page.getByTestId("scenario-row-pricing")).toContainText("pricing_question");
  await screenshot(page, "scenarios-list");

  await page.getByRole("link", { name: "Pricing question" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agentKey}/scenarios/pricing$`));
  const before = await editingVersion(page);
  const graph = page.getByTestId("scenario-graph");
  await expect(graph.locator(".react-flow__node")).toHaveCount(2);
  await expect(graph.locator(".react-flow__edge")).toHaveCount(1);
  // React Flow's stylesheet is loaded and applied (not blocked by the CSP, not lost to Tailwind's layers):
  // nodes are positioned by it and its handles have its 6 px size.
  await expect(graph.locator(".react-flow__node").first()).toHaveCSS("position", "absolute");
  await expect(graph.locator(".react-flow__handle").first()).toHaveCSS("width", "6px");
  await expect(checks(page)).toContainText("Every step is reachable");
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  await screenshot(page, "scenario-editor-open");

  // Clicking a node selects its step in the form.
  await node(page, "Quote the price").click();
  await expect(stepCard(page, "Quote the price").getByLabel("Instructions")).toBeVisible();
  await node(page, "Identify the product").click();
  const identify = stepCard(page, "Identify the product");
  await expect(identify.getByLabel("Instructions")).toHaveValue(ORIGINAL_INSTRUCTIONS);
  await identify.getByLabel("Instructions").fill(EDITED_INSTRUCTIONS);

  // A new step is unreachable and a dead end until it is wired in.
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(page.getByRole("textbox", { name: "Name", exact: true }).last()).toBeFocused();
  await page.getByRole("textbox", { name: "Name", exact: true }).last().fill("Check stock");
  const stock = stepCard(page, "Check stock");
  await expect(stock.getByLabel("Key")).toHaveValue("check_stock");
  await expect(graph.locator(".react-flow__node")).toHaveCount(3);
  await expect(node(page, "Check stock")).toContainText("unreachable");
  await expect(node(page, "Check stock")).toContainText("dead end");
  await expect(checks(page).locator('[data-code="unreachable"]')).toHaveCount(1);
  await expect(checks(page).locator('[data-code="dead_end"]')).toHaveCount(1);
  await screenshot(page, "scenario-editor-warnings");

  // A transition into it from the selected step: reachable now, still a dead end (a warning, not an error).
  await node(page, "Identify the product").click();
  await page.getByRole("button", { name: "Add transition" }).click();
  const transition = page.getByRole("listitem", { name: "Transition 2: identify_product → check_stock" });
  await transition.getByLabel("Condition").fill("The customer asks whether it is in stock");
  await transition.getByLabel("Examples").fill("is it in stock?\ndo you have it");
  await expect(graph.locator(".react-flow__edge")).toHaveCount(2);
  await expect(checks(page).locator('[data-code="unreachable"]')).toHaveCount(0);
  await expect(checks(page).locator('[data-code="dead_end"]')).toHaveCount(1);
  await expect(node(page, "Check stock")).not.toContainText("unreachable");
  await expect(node(page, "Check stock")).toContainText("dead end");

  await page.getByRole("button", { name: "Save scenario" }).click();
  await expect(page.getByText(`Saved pricing with 1 warning · v${before + 1}`)).toBeVisible();
  await expect(page.getByText(`editing v${before + 1};`)).toBeVisible();

  // Reload: the saved scenario comes back from the server, warnings and all.
  await page.reload();
  await expect(graph.locator(".react-flow__node")).toHaveCount(3);
  await expect(node(page, "Check stock")).toContainText("dead end");
  await expect(stepCard(page, "Identify the product").getByLabel("Instructions")).toHaveValue(EDITED_INSTRUCTIONS);
  // Clicking an edge selects its transition.
  await page.getByRole("group", { name: /^Transition identify_product → check_stock/ }).click();
  await expect(transition.getByLabel("Condition")).toHaveValue("The customer asks whether it is in stock");
  await screenshot(page, "scenario-editor");

  await page.goto(`/agents/${agentKey}/history`);
  const newest = page.getByTestId("config-version").first();
  await expect(newest).toContainText(`v${before + 1}`);
  await expect(newest).toContainText("updated scenario pricing");
  await expect(newest).toContainText("steps.identify_product.instructions");
  await expect(newest).toContainText(EDITED_INSTRUCTIONS);
  await expect(newest).toContainText("transitions.identify_product→check_stock");
  await screenshot(page, "scenario-history");

  // Take the step out again (its transition goes with it) and restore the instruction: the demo's Pricing.
  await page.goto(`/agents/${agentKey}/scenarios/pricing?step=identify_product`);
  await page.getByRole("button", { name: "Remove step Check stock" }).click();
  await stepCard(page, "Identify the product").getByLabel("Instructions").fill(ORIGINAL_INSTRUCTIONS);
  await expect(checks(page)).toContainText("Every step is reachable");
  await page.getByRole("button", { name: "Save scenario" }).click();
  await expect(page.getByText(`Saved pricing · v${before + 2}`)).toBeVisible();
  await expect(graph.locator(".react-flow__node")).toHaveCount(2);
});

test("a graph error blocks the save and says where", async ({ page }) => {
  await signInAs(page, DESIGNER);
  await page.goto(`/agents/${agentKey}/scenarios/pricing?step=quote_price`);
  const before = await editingVersion(page);
  // A transition out of the terminal step is refused by bundle import too: an error, shown on the edge.
  await page.getByRole("button", { name: "Add transition" }).click();
  await expect(checks(page).locator('[data-code="terminal_outgoing"]')).toHaveCount(1);
  await expect(
    page.getByRole("group", { name: /^Transition quote_price → identify_product \(has an error\)/ }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Save scenario" }).click();
  await expect(page.getByText("Fix the 1 error marked below first")).toBeVisible();
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByText(`editing v${before};`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save scenario" })).toBeDisabled();
});

test("a viewer sees the scenarios and the graph, and no edit control", async ({ page }) => {
  await signInAs(page, VIEWER);
  await page.goto(`/agents/${agentKey}/scenarios`);
  await expect(page.getByTestId("scenario-row-refund")).toBeVisible();
  await expect(page.getByRole("button", { name: "New scenario" })).toHaveCount(0);
  await expect(page.getByRole("switch")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Duplicate|Delete) / })).toHaveCount(0);

  await page.getByRole("link", { name: "View refund" }).click();
  await expect(page.getByText("read-only: designers edit scenarios")).toBeVisible();
  await expect(page.getByTestId("scenario-graph").locator(".react-flow__node")).toHaveCount(4);
  await expect(page.getByTestId("scenario-graph").locator(".react-flow__edge")).toHaveCount(4);
  for (const name of ["Save scenario", "Add step", "Add transition", /^Remove /, /^Move /]) {
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  }
  await node(page, "Verify eligibility").click();
  await expect(stepCard(page, "Verify eligibility").getByLabel("Instructions")).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Name", exact: true }).first()).toBeDisabled();
  await screenshot(page, "scenarios-viewer");
});
