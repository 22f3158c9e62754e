import { describe, expect, it } from "vitest";
import { canonicalBundle } from "@/lib/bundles/serialize-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { Bundle, type BundleTool } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";
import { assertToolDeletable, toolDeletionIssues, toolIssues } from "./tool-issues";

const DEMO = canonicalBundle(Bundle.parse(demo));
const LOOKUP = DEMO.tools[0] as Extract<BundleTool, { kind: "static" }>;
// The demo with a rule that enforces a limit on the lookup's order_amount output variable.
const WITH_EXPRESSION = canonicalBundle(
  Bundle.parse({
    ...demo,
    rules: [
      ...demo.rules,
      {
        key: "order-cap",
        name: "Order cap",
        condition_text: "refund",
        action_text: "Never refund more than the order amount.",
        is_hard_constraint: true,
        enforcement_expression: "refund_amount <= double(order_amount)",
      },
    ],
  }),
);

describe("toolIssues", () => {
  it("accepts the demo tool as it is, and renamed (its rules follow it)", () => {
    expect(toolIssues(DEMO, LOOKUP, LOOKUP.key)).toEqual([]);
    expect(toolIssues(DEMO, { ...LOOKUP, key: "find_order" }, LOOKUP.key)).toEqual([]);
  });

  it("refuses a key another tool has", () => {
    expect(toolIssues(DEMO, { ...LOOKUP, name: "Other" }, null)).toEqual([
      { path: "key", message: 'Another tool already has the key "lookup_order"; choose another.' },
    ]);
  });

  it("gives the bundle checks' problems at bundle-tool paths", () => {
    const tool: BundleTool = {
      ...LOOKUP,
      key: "lookup_copy",
      input_schema: { ...LOOKUP.input_schema, required: ["sku"] },
      output: { ...LOOKUP.output, variables: { tier: "items[0].tier", amount: "items[id={sku}].amount" } },
    };
    const issues = toolIssues(DEMO, tool, null);
    expect(issues).toContainEqual({
      path: "input_schema.required[0]",
      message: '"sku" is not in input_schema.properties (known: order_id)',
    });
    expect(issues).toContainEqual({
      path: "output.variables.tier",
      message: '"tier" is already declared by profile_fields[2]; use another name',
    });
    expect(issues.find((i) => i.path === "output.variables.amount")?.message).toContain('refers to input "sku"');
  });

  it("names the rule an output variable rename would break", () => {
    const variables = Object.entries(LOOKUP.output.variables).map(([name, path]) =>
      name === "order_amount" ? ["order_total", path] : [name, path],
    );
    const renamed: BundleTool = { ...LOOKUP, output: { ...LOOKUP.output, variables: Object.fromEntries(variables) } };
    const issues = toolIssues(WITH_EXPRESSION, renamed, LOOKUP.key);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe("(root)");
    expect(issues[0]?.message).toMatch(/^Rule "order-cap" \(enforcement_expression\) would break: .*order_amount/);
  });

  it("does not blame the change for problems the configuration already had", () => {
    const broken = {
      ...DEMO,
      rules: DEMO.rules.map((r) => (r.key === "max-refund" ? { ...r, scope_ref: "nowhere" } : r)),
    };
    expect(toolIssues(broken, { ...LOOKUP, name: "Renamed" }, LOOKUP.key)).toEqual([]);
  });
});

describe("tool deletion", () => {
  it("is refused while rules attach the tool, naming them", () => {
    expect(() => assertToolDeletable(DEMO, "lookup_order")).toThrow(
      'Tool "lookup_order" is attached to 2 rules ("look-up-order", "max-refund"): detach it in the rules editor first. Nothing was deleted.',
    );
  });

  it("is refused while a rule's expression uses its output variables", () => {
    const detached = {
      ...WITH_EXPRESSION,
      rules: WITH_EXPRESSION.rules.map((r) => ({ ...r, attached_tools: [] })),
    };
    const issues = toolDeletionIssues(detached, "lookup_order");
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^Rule "order-cap" \(enforcement_expression\)/),
    ]);
    try {
      assertToolDeletable(detached, "lookup_order");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toBe('Deleting tool "lookup_order" would break a rule; nothing was deleted.');
    }
  });

  it("is allowed for a tool nothing uses", () => {
    const detached = { ...DEMO, rules: DEMO.rules.map((r) => ({ ...r, attached_tools: [] })) };
    expect(toolDeletionIssues(detached, "lookup_order")).toEqual([]);
  });
});
