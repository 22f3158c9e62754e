import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { DataDirLockedError } from "@/db/data-dir-lock";
import { getAgentByKey } from "@/db/queries/agents";
import { listConfigEvents } from "@/db/queries/config-history";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import type { BundleInput } from "@/lib/engine/contracts/bundle";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { demoBundle } from "@/test/support/bundle-fixtures";
import { fileCliRunner } from "@/test/support/cli-runner";

// `focal apply` (docs/config-as-code.md): the plan from an agent's configuration to a bundle's, exit 2
// until --yes applies it, then one config version and one CONFIG_CHANGED event per entity change, all
// in one transaction: a change the editors would refuse rolls every change back.

const cli = fileCliRunner("focal-apply-");

type Bundle = BundleInput & Record<string, unknown>;

/** The demo as its own agent, with its tests gate off unless told: the probes' edits are not the gate's cases. */
function demoAs(key: string, gate: "off" | "block" = "off"): Bundle {
  const bundle = demoBundle();
  bundle.agent = { ...bundle.agent, key, settings: { ...bundle.agent.settings, testing: { tests_gate: gate } } };
  return bundle;
}

async function imported(bundle: Bundle) {
  await importBundle(cli.handle().db, bundle, SYSTEM_ACTOR, "setup");
  return bundle;
}

function written(name: string, bundle: Bundle): string {
  const file = path.join(cli.dir(), `${name}.bundle.json`);
  fs.writeFileSync(file, JSON.stringify(bundle));
  return file;
}

const apply = (argv: string[], openDatabase?: () => Promise<DatabaseHandle>) =>
  cli.run(["apply", ...argv], openDatabase);

const versionOf = async (key: string) => (await getAgentByKey(cli.handle().db, key))?.configVersion;

/** The bundle with two rules renamed, the pricing scenario copied and the stored extra variable gone. */
function edited(bundle: Bundle): Bundle {
  const copy = structuredClone(bundle);
  for (const rule of copy.rules ?? []) if (rule.key === "be-polite" || rule.key === "vip-thanks") rule.name += " (v2)";
  const pricing = copy.scenarios?.find((s) => s.key === "pricing");
  if (pricing) copy.scenarios?.push({ ...pricing, key: "pricing_copy", enabled: false });
  copy.variables = copy.variables?.filter((v) => v.name !== "extra_flag");
  return copy;
}

const extraFlag = { name: "extra_flag", type: "boolean" as const, description: "Unused", patterns: ["\\bextra\\b"] };

describe("focal apply", () => {
  it("prints the plan like terraform and exits 2 without --yes, writing nothing", async () => {
    const stored = await imported({
      ...demoAs("apply-plan"),
      variables: [...(demoAs("x").variables ?? []), extraFlag],
    });
    const before = await versionOf("apply-plan");
    const result = await apply([written("apply-plan", edited(stored))]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toBe(
      [
        `Plan for "apply-plan" at config version ${before}:`,
        "  + scenario pricing_copy",
        "  ~ rule be-polite: name",
        "  ~ rule vip-thanks: name",
        "  - variable extra_flag",
        "1 scenario added, 2 rules changed, 1 variable removed",
        "Not applied. Run again with --yes to apply it.",
        "",
      ].join("\n"),
    );
    expect(await versionOf("apply-plan")).toBe(before);
  });

  it("--yes applies every change as its own config version and CONFIG_CHANGED event; then nothing is left", async () => {
    const stored = await imported({ ...demoAs("apply-yes"), variables: [...(demoAs("x").variables ?? []), extraFlag] });
    const before = (await versionOf("apply-yes")) ?? 0;
    const file = written("apply-yes", edited(stored));
    const result = await apply([file, "--yes"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Applied: config version ${before} → ${before + 4}.`);
    const agent = await getAgentByKey(cli.handle().db, "apply-yes");
    const { events } = await listConfigEvents(cli.handle().db, agent?.id ?? "", { limit: 4 });
    expect(events.map((e) => [e.actor, (e.payload as { entity: string; action: string }).action])).toEqual([
      ["cli", "deleted"],
      ["cli", "updated"],
      ["cli", "updated"],
      ["cli", "created"],
    ]);
    expect(await apply([file])).toMatchObject({
      code: 0,
      stdout: `No changes: "apply-yes" at config version ${before + 4} already matches ${file}.\n`,
    });
  });

  it("applies a bundle to another agent with --agent, and settings as one change", async () => {
    await imported(demoAs("apply-target"));
    const bundle = demoAs("apply-source");
    bundle.agent.settings = { ...bundle.agent.settings, rerun: { max_reruns: 1 } };
    const result = await apply([written("apply-source", bundle), "--agent", "apply-target", "-y"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("  ~ settings: rerun.max_reruns\n1 settings changed, 0 removed\n");
    expect(await getAgentByKey(cli.handle().db, "apply-source")).toBeNull();
  });

  it("a change the editors refuse rolls every change back: exit 1 naming why", async () => {
    // The stored agent keeps the case that names vip-thanks; the bundle drops both rule and case.
    const stored = await imported(demoAs("apply-refused"));
    const before = await versionOf("apply-refused");
    const bundle = edited(stored);
    bundle.rules = bundle.rules?.filter((rule) => rule.key !== "vip-thanks");
    bundle.tests = bundle.tests?.filter((test) => test.key !== "vip-thanked-once");
    const result = await apply([written("apply-refused", bundle), "--yes"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("used by test vip-thanked-once");
    expect(result.stderr).toContain("Nothing was applied.");
    expect(await versionOf("apply-refused")).toBe(before);
    const agent = await getAgentByKey(cli.handle().db, "apply-refused");
    expect((await listConfigEvents(cli.handle().db, agent?.id ?? "", { limit: 1 })).events[0]?.type).toBe(
      "BUNDLE_IMPORTED",
    );
  });

  it("refuses an invalid bundle with every problem, an agent that does not exist, and a locked database", async () => {
    const bad = demoAs("apply-bad");
    bad.rules = [
      { ...(bad.rules?.[0] ?? { key: "x", name: "x", condition_text: "x", action_text: "x" }), scope_ref: "nope" },
    ];
    const invalid = await apply([written("apply-bad", bad)]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain("The bundle has");
    const missing = await apply([written("apply-missing", demoAs("apply-missing"))]);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('No agent with key "apply-missing"') });
    const locked = await apply([written("apply-locked", demoAs("apply-locked"))], async () => {
      throw new DataDirLockedError("/srv/focal/.data/pglite", 4242);
    });
    expect(locked).toMatchObject({ code: 1, stderr: expect.stringContaining("already in use by process 4242") });
  });
});
