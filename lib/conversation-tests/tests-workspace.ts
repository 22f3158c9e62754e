import type { CelDeclarations } from "@/lib/engine/cel/cel-environment";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import type { CaseReport, TestRunView } from "./test-types";

// What the Tests page and the test editor get from the server. Client-safe: types and pure helpers.

interface RefOption {
  /** The key a test case names: a rule key, a scenario key, or "scenario/step". */
  ref: string;
  /** For people: "Max refund $50", "Refund › Offer". */
  label: string;
}

/** The agent's configuration as the editor's pickers offer it. */
export interface TestEditorOptions {
  rules: RefOption[];
  scenarios: RefOption[];
  steps: RefOption[];
  /** Tools, for "asks for approval". */
  tools: RefOption[];
  /** The variables a CEL assertion may use (profile fields, response variables, tool outputs). */
  declarations: CelDeclarations;
}

/** A case's result in the latest finished run that ran it. */
export interface LastCaseResult {
  run_id: string;
  at: string;
  status: CaseReport["status"];
  pass_1: number;
  pass_k: number;
  k: number;
}

export interface TestsWorkspaceData {
  agent: { key: string; name: string; configVersion: number };
  tests: BundleTestCase[];
  /** The latest runs, newest first, without their reports. */
  runs: TestRunView[];
  lastResults: Record<string, LastCaseResult>;
  options: TestEditorOptions;
}

/** The rule names the failure sentences use, by rule key. */
export function ruleNamesOf(options: Pick<TestEditorOptions, "rules">): Record<string, string> {
  return Object.fromEntries(options.rules.map((r) => [r.ref, r.label]));
}
