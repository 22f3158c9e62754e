import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError } from "@/db/data-dir-lock";
import { DEMO_BUNDLE_PATH, demoBundle, demoBundleText } from "@/test/support/bundle-fixtures";
import { fileCliRunner } from "@/test/support/cli-runner";
import { createTestDatabase } from "@/test/support/test-database";
import { runCli } from "./run-cli";

const cli = fileCliRunner("focal-cli-");

const { run } = cli;

describe("focal CLI", () => {
  it("imports a bundle file", async () => {
    // Its own agent key: the export case imports the demo agent whenever it runs.
    const bundle = demoBundle();
    bundle.agent.key = "cli-import-desk";
    const file = path.join(cli.dir(), "cli-import.bundle.json");
    fs.writeFileSync(file, JSON.stringify(bundle));
    const result = await run(["import", file]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(
      /^Imported "cli-import-desk" \(agent [0-9a-f-]{36}\): created, config version 1\.\n$/,
    );
    expect((await run(["import", file])).stdout).toMatch(/configuration replaced, config version 2/);
  });

  it("exports to stdout and to a file, byte-identical to the demo file", async () => {
    expect((await run(["import", DEMO_BUNDLE_PATH])).code).toBe(0);
    const result = await run(["export", "refund-desk"]);
    expect(result).toMatchObject({ code: 0, stdout: demoBundleText() });
    const out = path.join(cli.dir(), "refund-desk.json");
    expect(await run(["export", "refund-desk", "--out", out])).toMatchObject({ code: 0, stdout: "" });
    expect(fs.readFileSync(out, "utf8")).toBe(demoBundleText());
  });

  it("prints every validation problem with its path and exits 1", async () => {
    const bad = demoBundle() as unknown as { rules: { scope_ref: string | null; enforcement_expression: string }[] };
    bad.rules[0] = { ...bad.rules[0], scope_ref: "nope" } as (typeof bad.rules)[number];
    bad.rules[3] = { ...bad.rules[3], enforcement_expression: "refund_amount <=" } as (typeof bad.rules)[number];
    const file = path.join(cli.dir(), "bad.json");
    fs.writeFileSync(file, JSON.stringify(bad));
    const result = await run(["import", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}: The bundle has 2 problems; nothing was imported.`);
    expect(result.stderr).toContain('  rules[0].scope_ref: No scenario "nope"');
    expect(result.stderr).toContain("  rules[3].enforcement_expression: Syntax error at column 17");
  });

  it("explains an unreadable file, an unknown key and a locked database", async () => {
    const missing = await run(["import", path.join(cli.dir(), "missing.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Cannot read .*missing\.json as JSON/);
    expect(await run(["export", "nobody"])).toMatchObject({ code: 1, stderr: 'No agent with key "nobody".\n' });
    const locked = await run(["export", "refund-desk"], async () => {
      throw new DataDirLockedError("/srv/focal/.data/pglite", 4242);
    });
    expect(locked).toMatchObject({ code: 1, stdout: "" });
    expect(locked.stderr).toContain("already in use by process 4242");
  });

  it("shows usage for help and exits 2 on a usage error", async () => {
    expect((await run(["--help"])).stdout).toContain("npm run focal -- import <file>");
    expect(await run(["frobnicate"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command "frobnicate"'),
    });
    expect((await run(["export"])).code).toBe(2);
    expect((await run(["import", "a.json", "--out", "b.json"])).code).toBe(2);
  });
});

describe("focal test", () => {
  const scratch = async () => {
    const fresh = await createTestDatabase();
    return fresh;
  };
  const runTest = (argv: string[]) =>
    (async () => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(argv, {
        openDatabase: async () => ({ ...cli.handle(), close: async () => {} }),
        openScratchDatabase: scratch,
        stdout: (text) => out.push(text),
        stderr: (text) => err.push(text),
      });
      return { code, stdout: out.join(""), stderr: err.join("") };
    })();

  it("runs a bundle file's suite on a scratch database: a table, the totals line, exit 0", async () => {
    const result = await runTest(["test", DEMO_BUNDLE_PATH, "--k", "3"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^PASS {2}france-75-refund +pass\^1 1\.00 {2}pass\^3 1\.00$/m);
    expect(result.stdout.trim().split("\n").at(-1)).toBe(`${demoBundle().tests?.length} passed, 0 failed`);
  });

  it("prints the routing check's summary ahead of the table, counting a scenario left with 2 examples", async () => {
    const bundle = demoBundle();
    bundle.scenarios?.find((s) => s.key === "pricing")?.entry_examples?.splice(2);
    const file = path.join(cli.dir(), "thin.bundle.json");
    fs.writeFileSync(file, JSON.stringify(bundle));
    const result = await runTest(["test", file]);
    const [accuracy, flags] = result.stdout.split("\n");
    expect(accuracy).toMatch(/^Routing check: \d+ of 7 entry examples came back to their own scenario \(\d+%\)\.$/);
    expect(flags).toMatch(/ 1 scenario with fewer than 3 examples\. See Check routing on the Scenarios page/);
    expect(result.stdout.trim().split("\n").at(-1)).toMatch(/^\d+ passed, \d+ failed$/);
  });

  it("exits 1 on a failing case and writes JUnit XML naming the failed assertion", async () => {
    const bundle = demoBundle();
    const rule = bundle.rules?.find((r) => r.key === "max-refund");
    if (rule) rule.enforcement_expression = "refund_amount <= 80";
    const file = path.join(cli.dir(), "broken.bundle.json");
    fs.writeFileSync(file, JSON.stringify(bundle));
    const junit = path.join(cli.dir(), "junit.xml");
    const result = await runTest(["test", file, "--suite", "refund", "--mode", "offline", "--junit", junit]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^FAIL {2}france-75-refund .*Turn 1 should end regenerated: expected outcome regenerated, but it was answered$/m,
    );
    expect(result.stdout.trim().split("\n").at(-1)).toBe("1 passed, 4 failed");
    const xml = fs.readFileSync(junit, "utf8");
    expect(xml).toContain('<testsuite name="refund-desk.refund" tests="5" failures="4">');
    expect(xml).toMatch(
      /<failure message="failed: 0 of 1 tries passed \(pass\^1 0\.000\)">Turn 1 should end regenerated: expected outcome/,
    );
  });

  it("refuses bad flags with the usage, and an unknown agent key", async () => {
    expect(await runTest(["test", DEMO_BUNDLE_PATH, "--k", "11"])).toMatchObject({ code: 2 });
    expect((await runTest(["test", DEMO_BUNDLE_PATH, "--mode", "sometimes"])).stderr).toMatch(/--mode/);
    expect(await runTest(["test", "no-such-agent"])).toMatchObject({
      code: 1,
      stderr: 'No agent with key "no-such-agent".\n',
    });
  });
});
