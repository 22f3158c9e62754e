import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
// Debian's old headless shell when it is installed: the same engine without the browser's UI
// process, about a fifth less CPU on a run of the rule, field and tool specs (17 s against 22 s).
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
// A fresh embedded database per run: e2e never touches a developer's .data directory.
const dataDir = path.join(os.tmpdir(), `focal-e2e-${Date.now()}`);

import { E2E_ADMIN, E2E_API_KEY, E2E_MCP_PORT, E2E_TOOL_PORT } from "./e2e/e2e-env";

// Spec files run side by side, two at a time by default (E2E_WORKERS), the tests of one file in order in
// one worker. Most of a spec's time is waiting (page loads, server round trips, polling), so two
// workers overlap their waits on a 2-core machine: the whole suite took 802 s with two workers and
// 1,187 s with one, on the same shared 2-core machine at a similar load (load average 7 to 10, the
// run itself included). They share the server but not their data: every spec works on an agent of its own (ownDemoAgent in
// e2e/fixtures.ts), signs in once per file into a storage state file of its own (authStatePath), and
// asserts on its own rows of the console-wide pages. What they still share is PGlite's one
// transaction at a time: a save's tests gate runs the suite inside the save's transaction, so a gated
// save of one spec holds the other spec's requests for as long (seconds on a loaded machine); only the
// specs about the gate keep it on (ownDemoAgent's testsGate).
const workers = Number(process.env.E2E_WORKERS || 2);

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records screenshots and DOM snapshots all through a test: recording one for every test
    // cost a third of the suite's CPU (rules + sandbox specs: 138 CPU-s and 74 s against 89 CPU-s and
    // 51 s without). A test that fails is retried in CI (retries: 1), and its retry is traced.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // E2E_PREBUILT=1: `npm test` built the app already, beside the PostgreSQL DB tests.
    command: `${process.env.E2E_PREBUILT === "1" ? "" : "npx next build && "}npx next start -H 127.0.0.1 -p ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    // `next build` takes ~2 min on a quiet 2-core machine and several times that when the cores are shared.
    timeout: 600_000,
    stdout: "pipe",
    env: {
      FOCAL_DATA_DIR: dataDir,
      FOCAL_ADMIN_EMAIL: E2E_ADMIN.email,
      FOCAL_ADMIN_PASSWORD: E2E_ADMIN.password,
      FOCAL_BOOTSTRAP_API_KEY: E2E_API_KEY,
      // The hosts tools may call in e2e: an order API a spec serves itself (openapi-import.spec.ts) and
      // the MCP server of mcp-servers.spec.ts, both on 127.0.0.1.
      FOCAL_TOOL_HOSTS: `127.0.0.1:${E2E_TOOL_PORT},127.0.0.1:${E2E_MCP_PORT}`,
      NEXT_TELEMETRY_DISABLED: "1",
      // The specs sign in from 127.0.0.1 a few dozen times; the default 5 a minute is for attackers.
      FOCAL_SIGN_IN_LIMIT_PER_MINUTE: "200",
      PORT: String(port),
      DATABASE_URL: "",
    },
  },
});
