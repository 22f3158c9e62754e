import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type BuildSnapshot, type FocalServer, snapshotBuild, startFocalServer } from "../bench/http/focal-server";
import {
  completion,
  type FakeBehaviour,
  type FakeChatServer,
  startFakeChatServer,
} from "../test/support/fake-chat-server";
import { screenshot } from "./fixtures";

// A model that says one thing and declares another: a second server runs the demo against an
// OpenAI-compatible stand-in whose first draft reads "$40" while its claims say $75. The text passes
// the cap and the claim breaks it, a real conflict, so the judge decides (enforcement.unresolved
// defaults to judge with a model), and the sandbox's enforcement span shows both values side by side
// and who decided.

const ADMIN = { email: "claims-admin@focal.test", password: "claims-admin-password-1" };
const REDRAFT = "A specialist will review your refund within 2 business days.";

const json = (value: unknown): FakeBehaviour => ({ kind: "json", body: completion(JSON.stringify(value)) });

function lastUserMessage(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { role?: string; content?: unknown }[];
  const last = messages.filter((m) => m.role === "user").at(-1);
  return typeof last?.content === "string" ? last.content : JSON.stringify(last?.content ?? "");
}

/** Answers each call of a turn by the structured-output schema it asks for. */
function respond(body: Record<string, unknown>): FakeBehaviour {
  const format = body.response_format as { json_schema?: { name?: string; schema?: Record<string, unknown> } };
  const messages = JSON.stringify(body.messages ?? []);
  switch (format?.json_schema?.name) {
    case "sensor_context": {
      const schema = format.json_schema?.schema as { properties: { entities: { properties: object } } };
      const entities = Object.fromEntries(Object.keys(schema.properties.entities.properties).map((k) => [k, null]));
      return json({
        detected_intent: "refund_request",
        intent_confidence: 0.95,
        entities: { ...entities, order_id: "123" },
        is_ambiguous: false,
        ambiguity_reason: null,
      });
    }
    case "reply_with_claims": {
      const none = { competitor_mentioned: false, financial_advice_given: false };
      if (messages.includes("YOUR PREVIOUS DRAFT WAS REJECTED"))
        return json({ reply: REDRAFT, claims: { ...none, refund_amount: null } });
      // A model that follows the schema but declares nothing: the text alone decides.
      if (lastUserMessage(body).includes("say it plainly")) return json({ reply: "$75 refund approved.", claims: {} });
      return json({
        reply: "I'll process a $40 refund for order 123 right away.",
        claims: { ...none, refund_amount: { amount: 75, currency: "USD" } },
      });
    }
    case "judge_verdict":
      return messages.includes("found_in_text")
        ? json({ passed: false, score: 0.1, reason: "The reply commits to $75, over the $50 cap.", bias_tags: [] })
        : json({ passed: true, score: 0.95, reason: "Polite.", bias_tags: [] });
    default:
      return json({});
  }
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

let fake: FakeChatServer | null = null;
let server: FocalServer | null = null;
let app: BuildSnapshot | null = null;
let dataDir = "";

test.beforeAll(async () => {
  // A copy of the build and a second server's start (up to its 60 s health wait) on a machine that
  // runs other specs beside this one: more than the default 60 s of a hook.
  test.setTimeout(150_000);
  fake = await startFakeChatServer({ respond });
  // A private copy of the build the webServer made, so a rebuild elsewhere cannot pull it away.
  app = await snapshotBuild();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "focal-e2e-claims-"));
  server = await startFocalServer({
    appDir: app.dir,
    dataDir,
    healthTimeoutMs: 60_000,
    env: {
      OPENAI_API_KEY: "sk-fake-claims",
      OPENAI_BASE_URL: fake.baseURL,
      FOCAL_OPENAI_MODEL: "fake-model",
      FOCAL_ADMIN_EMAIL: ADMIN.email,
      FOCAL_ADMIN_PASSWORD: ADMIN.password,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
  app?.remove();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("declared $75, text says $40 → judge, side by side in the sandbox's enforcement span", async ({ page }) => {
  const base = server?.baseUrl ?? "";
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);

  await page.goto(`${base}/agents/refund-desk/sandbox`);
  await expect(page.getByTestId("provider-badge")).toHaveAttribute("title", /openai/);
  const input = page.getByTestId("sandbox-input");
  await input.fill("I want a refund for order 123");
  await input.press("Enter");
  const reply = page.getByTestId("agent-message").first();
  await expect(reply).toBeVisible({ timeout: 60_000 });
  await expect(reply).toContainText(REDRAFT);
  await expect(reply).toContainText("regenerated");

  const timeline = page.getByTestId("timeline");
  const enforcement = timeline.locator('[data-testid="span-row"][data-span="enforcement"]').first();
  await enforcement.getByRole("button").click();
  const check = enforcement.getByTestId("rule-check").filter({ hasText: "max-refund" });
  await expect(check).toContainText("failed");
  const comparison = check.getByTestId("claim-comparison");
  await expect(comparison).toContainText("refund_amount");
  await expect(comparison).toContainText("declared $75, text says $40");
  await expect(comparison).toContainText("disagree");
  await expect(comparison).toContainText("→ judge");
  await expect(check).toContainText("The reply commits to $75, over the $50 cap.");
  await screenshot(page, "sandbox-declared-claims");

  const generation = timeline.locator('[data-testid="span-row"][data-span="generation"]').first();
  await generation.getByRole("button").click();
  await expect(generation).toContainText("claims");
  await page.setViewportSize({ width: 1280, height: 2000 });
  await screenshot(page, "sandbox-declared-claims-spans");

  // A second turn whose draft declares no claims: lane 1 blocks it on the text, with no judge asked.
  await page.setViewportSize({ width: 1280, height: 800 });
  await input.fill("Then say it plainly");
  await input.press("Enter");
  await expect(page.getByTestId("agent-message")).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByTestId("agent-message").nth(1)).toContainText(REDRAFT);
  const second = timeline.locator('[data-testid="span-row"][data-span="enforcement"]').first();
  await second.getByRole("button").click();
  const onText = second.getByTestId("rule-check").filter({ hasText: "max-refund" });
  await expect(onText).toContainText("failed");
  await expect(onText.getByTestId("claim-comparison")).toContainText("decided by the text");
  await screenshot(page, "sandbox-decided-by-text");

  // Where a conflict goes is an agent setting: by_provider (judge here, with a model) by default.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${base}/agents/refund-desk/settings`);
  const setting = page.getByTestId("setting-enforcement.unresolved");
  await expect(setting).toContainText("When a reply's claim and its text disagree");
  await expect(setting.getByRole("combobox")).toHaveValue("by_provider");
  await setting.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/settings-enforcement-unresolved.png" });
});
