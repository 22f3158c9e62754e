import { beforeAll, describe, expect, it } from "vitest";
import { referencesTo } from "@/lib/bundles/config-references";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { Bundle } from "../contracts/bundle";
import { validateTestCases } from "../contracts/bundle-tests";
import { BundleTestCase, type BundleTestCaseInput } from "../contracts/test-case";
import { staticToolRunner } from "../testing/fixed-ports";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { withStorePolicies } from "../testing/store-policies";
import { type CaseRunPorts, runCaseOnce } from "./run-case";

// "Cites" and "abstains" (docs/knowledge.md) on the demo with the Store policies, run offline.

const embedder = createOfflineEmbedder();
const ports: CaseRunPorts = { mode: "offline", model: createOfflineProvider(), embedder, tools: staticToolRunner() };
const bundle = Bundle.parse(withStorePolicies(demo));
let desk: CompiledAgent;
beforeAll(async () => {
  desk = await compileAgent(snapshotFromBundle(bundle), embedder);
});

type Assertions = BundleTestCaseInput["turns"][number]["assertions"];
const runOneTurn = (message: string, assertions: Assertions) =>
  runCaseOnce(desk, BundleTestCase.parse({ key: "case", name: "Case", turns: [{ message, assertions }] }), ports);
const failuresOf = (result: Awaited<ReturnType<typeof runCaseOnce>>) => result.failures.map((f) => [f.path, f.detail]);

describe("cites and abstains", () => {
  it("cites the source by title or id on a question it answers, and fails `abstains` there", async () => {
    const result = await runOneTurn("How long does standard shipping take?", [
      { kind: "cites", source: "Store policies" },
      { kind: "cites", source: "store-policies" },
      { kind: "abstains" },
    ]);
    expect(failuresOf(result)).toEqual([
      ["turns[0].assertions[2]", expect.stringMatching(/^outcome answered; reply /)],
    ]);
  });

  it("abstains on a question the policies do not answer, and then cites nothing", async () => {
    const result = await runOneTurn("Do you sell gift cards?", [
      { kind: "abstains" },
      { kind: "cites", source: "Store policies" },
    ]);
    expect(failuresOf(result)).toEqual([["turns[0].assertions[1]", expect.stringMatching(/^cited no source; reply /)]]);
  });

  it("refuses a case that cites a source the agent does not have, naming it", () => {
    const citing = (source: string) =>
      BundleTestCase.parse({
        key: "c",
        name: "C",
        turns: [{ message: "hi", assertions: [{ kind: "cites", source }] }],
      });
    expect(validateTestCases(bundle, [citing("FAQ")])).toEqual([
      { path: "tests[0].turns[0].assertions[0].source", message: expect.stringContaining('No knowledge source "FAQ"') },
    ]);
    expect(validateTestCases(bundle, [citing("Store policies")])).toEqual([]);
  });

  it("keeps a cited source from being deleted, whether the case names its id or its title", () => {
    const citing = (key: string, source: string) =>
      BundleTestCase.parse({ key, name: "C", turns: [{ message: "hi", assertions: [{ kind: "cites", source }] }] });
    const withCases = { ...bundle, tests: [citing("by-title", "Store policies"), citing("by-id", "store-policies")] };
    expect(referencesTo(withCases, "knowledge_source", "store-policies").map((r) => r.key)).toEqual([
      "by-id",
      "by-title",
    ]);
  });
});
