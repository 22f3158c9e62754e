import { expect, test } from "@playwright/test";
import { ownDemoAgent, screenshot, signIn } from "./fixtures";

const { key: agentKey } = ownDemoAgent("jobs");

test("the admin Jobs page lists the boot rollup and a test run, filters by state and kind", async ({
  page,
  baseURL,
}) => {
  // A test run of the demo suite, then three pages: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  await signIn(page);
  const started = await page.request.post(`/api/v1/agents/${agentKey}/test-runs`, {
    data: { mode: "frozen", k: 1 },
    headers: { origin: baseURL ?? "" },
  });
  expect(started.status()).toBe(202);
  const { test_run_id } = await started.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/v1/test-runs/${test_run_id}`)).json()).status, {
      timeout: 60_000,
    })
    .toBe("done");

  await page.goto("/admin/jobs");
  await expect(page.getByRole("heading", { name: "Jobs", exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "Jobs" });
  // The periodic jobs are summed up once each, with their last and next run; their runs (a ledger
  // anchor every minute) stay out of the list until asked for.
  const rollup = page.getByTestId("periodic-job-dashboard.rollup");
  await expect(rollup).toContainText("every 10 minutes");
  await expect(rollup).toContainText(/Last run: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  await expect(rollup).toContainText(/Next run: \d{4}-/);
  await expect(page.getByTestId("periodic-job-ledger.anchor")).toContainText("every minute");
  await expect(table.getByText("Dashboard rollup")).toHaveCount(0);
  await expect(table.getByText("Ledger anchor")).toHaveCount(0);
  const run = page.getByTestId(`job-row-${test_run_id}`);
  await expect(run).toContainText("Test run");
  await expect(run).toContainText(agentKey);
  await expect(run).toContainText("done");
  await screenshot(page, "admin-jobs");
  await page.getByLabel("Periodic runs").selectOption("shown");
  await expect(page).toHaveURL(/periodic=shown/);
  await expect(table.getByText("Dashboard rollup").first()).toBeVisible();
  await page.goto("/admin/jobs");

  // Keyboard: a filter applies as it changes, as on the other list pages.
  await page.getByLabel("Kind").focus();
  await page.getByLabel("Kind").selectOption("test_run");
  await expect(page).toHaveURL(/kind=test_run/);
  await expect(table.getByText("Dashboard rollup")).toHaveCount(0);
  await expect(page.getByTestId(`job-row-${test_run_id}`)).toBeVisible();

  await page.goto("/admin/jobs?state=failed&kind=replay");
  await expect(page.getByText("No job matches these filters")).toBeVisible();
  await screenshot(page, "admin-jobs-empty");

  // Retention on the Settings page: a plain label, kept forever by default, below one day refused.
  await page.goto(`/agents/${agentKey}/settings`);
  const row = page.getByTestId("setting-retention.sessions_days");
  await expect(row).toContainText("Keep sessions for (days)");
  const days = row.getByLabel("Keep sessions for (days)");
  await expect(days).toHaveValue("");
  await days.fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(row.locator("[data-slot=field-error]")).not.toBeEmpty();
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, "settings-retention");
});
