import { expect, test } from "@playwright/test";
import {
  addOperator,
  authStatePath,
  DEMO_BUNDLE,
  ownDemoAgent,
  saveSessionAs,
  screenshot,
  sendInFreshSandboxSession,
  signIn,
} from "./fixtures";

// Live turns first: a designer starts the largest test run a request can carry (100 cases × 200
// turns, k 10, tries 10, offline) and, while it works on a background worker thread, the Sandbox
// answers and /api/health stays up; a third run from the same designer is refused with 429 and
// Retry-After, and the Tests page says so. The runs are cancelled at the end. How fast turns stay is `npm run bench`'s figure.

const { key: agentKey } = ownDemoAgent("background-runs");

// The runs fill the server's one background worker thread (FOCAL_BACKGROUND_WORKERS: the cores less
// one) while they last: a spec beside this one would find its saves (each runs the tests gate on that
// thread) waiting behind them. Playwright runs it when no other spec runs.
test.describe.configure({ mode: "serial", lock: "-exclusive-" });

const stamp = Date.now();
const DESIGNER = { email: `runs-designer-${stamp}@focal.test`, name: "Runa Designer", password: "designer-pass-123" };
const STATE = authStatePath("background-runs-designer");
const messages: string[] = DEMO_BUNDLE.tests.flatMap((c: { turns: { message: string }[] }) =>
  c.turns.map((t) => t.message),
);
// 100 cases × 200 turns of the demo's messages, no assertions: about 760 KB, under the 1 MiB body cap.
const tests = Array.from({ length: 100 }, (_, i) => ({
  key: `long-${i}`,
  name: `Long conversation ${i}`,
  turns: Array.from({ length: 200 }, (_, t) => ({ message: messages[(i + t) % messages.length] })),
}));
const MAX_RUN = {
  k: 10,
  tries: 10,
  mode: "offline",
  config: { ...DEMO_BUNDLE, agent: { ...DEMO_BUNDLE.agent, key: agentKey }, tests },
};

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  const admin = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
  await signIn(admin);
  await admin.goto("/admin");
  await addOperator(admin, DESIGNER, "designer");
  await admin.close();
  await saveSessionAs(browser, baseURL, DESIGNER, STATE);
});
test.use({ storageState: STATE });

test("the Sandbox answers while the designer's largest test run works", async ({ page, baseURL }) => {
  const headers = { origin: String(baseURL) };
  const runs: string[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const started = await page.request.post(`/api/v1/agents/${agentKey}/test-runs`, { data: MAX_RUN, headers });
      expect(started.status()).toBe(202);
      runs.push((await started.json()).test_run_id);
    }
    const third = await page.request.post(`/api/v1/agents/${agentKey}/test-runs`, { data: MAX_RUN, headers });
    expect(third.status()).toBe(429);
    expect(Number(third.headers()["retry-after"])).toBeGreaterThan(0);

    const reply = await sendInFreshSandboxSession(page, "I'm in France and want a refund for order 123", agentKey);
    await expect(reply).toContainText("regenerated");
    expect((await page.request.get("/api/health")).status()).toBe(200);
    const second = page.getByTestId("sandbox-input");
    await second.fill("it arrived broken");
    await second.press("Enter");
    await expect(page.getByTestId("agent-message")).toHaveCount(2);

    const first = await (await page.request.get(`/api/v1/test-runs/${runs[0]}`)).json();
    expect(["queued", "running"]).toContain(first.status);
    // The console says why a third run does not start.
    await page.goto(`/agents/${agentKey}/tests`);
    await page.getByRole("button", { name: "Run suite" }).click();
    await expect(page.getByText(/at most 2 per API key or user/)).toBeVisible();
    await screenshot(page, "background-runs-limit-in-console");
  } finally {
    for (const id of runs) await page.request.post(`/api/v1/test-runs/${id}/cancel`, { headers });
  }
  for (const id of runs) {
    await expect
      .poll(async () => (await (await page.request.get(`/api/v1/test-runs/${id}`)).json()).status)
      .toBe("cancelled");
  }
});
