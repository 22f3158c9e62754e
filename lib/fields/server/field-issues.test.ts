import { describe, expect, it } from "vitest";
import { canonicalBundle } from "@/lib/bundles/serialize-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { BundleInput } from "@/lib/engine/contracts/bundle";
import type { ProfileField, ResponseVariable } from "@/lib/fields/field-action-schemas";
import { AppError } from "@/lib/server/errors";
import { assertUnused, assertVariableFits, profileFieldIssues, variableIssues } from "./field-issues";

const bundle = canonicalBundle(demo as BundleInput);
const field = (name: string): ProfileField => {
  const found = bundle.profile_fields.find((f) => f.field_name === name);
  if (!found) throw new Error(`demo lost ${name}`);
  return found;
};
const variable = (name: string): ResponseVariable => {
  const found = bundle.variables.find((v) => v.name === name);
  if (!found) throw new Error(`demo lost ${name}`);
  return found;
};

describe("profile field issues", () => {
  it("none for the demo's own fields as they are", () => {
    for (const f of bundle.profile_fields) expect(profileFieldIssues(bundle, f, f.field_name)).toEqual([]);
  });

  it("numbers validation rule problems by row", () => {
    const issues = profileFieldIssues(
      bundle,
      { ...field("tier"), validation_rules: ["size(value) > 1", "value =="] },
      "tier",
    );
    expect(issues).toEqual([
      { path: "validation_rules", message: expect.stringMatching(/^Rule 2: Syntax error at column/) },
    ]);
  });

  it("a name taken by a variable or a tool output is a field error on the name", () => {
    const loyalty = { ...field("tier"), field_name: "loyalty" };
    expect(profileFieldIssues(bundle, { ...loyalty, field_name: "refund_amount" }, null)).toEqual([
      {
        path: "field_name",
        message: '"refund_amount" is already the response variable refund_amount; choose another name.',
      },
    ]);
    expect(profileFieldIssues(bundle, { ...loyalty, field_name: "order_status" }, null)).toEqual([
      { path: "field_name", message: '"order_status" is already an output of tool lookup_order; choose another name.' },
    ]);
    expect(profileFieldIssues(bundle, { ...loyalty, field_name: "country" }, null)[0]?.message).toContain(
      "the profile field country",
    );
  });

  it("renaming a field a tool input reads is refused, naming the tool", () => {
    const issues = profileFieldIssues(bundle, { ...field("order_id"), field_name: "order_ref" }, "order_id");
    expect(issues).toEqual([
      {
        path: "field_name",
        message: "order_id is used by the input of tool lookup_order: change those first, or keep the name.",
      },
    ]);
  });
});

describe("response variable issues", () => {
  it("renaming or retyping a variable a rule reads is refused, naming the rule", () => {
    expect(variableIssues(bundle, { ...variable("refund_amount"), name: "refund_total" }, "refund_amount")).toEqual([
      {
        path: "name",
        message:
          "refund_amount is used by rule max-refund (refund_amount <= 50): change those first, or keep the name.",
      },
    ]);
    // A string has no currency, context words or rates: the editor drops them with the type.
    const { currency: _c, context_words: _w, rates: _r, ...plain } = variable("refund_amount");
    const retyped = variableIssues(bundle, { ...plain, type: "string" }, "refund_amount");
    expect(retyped).toEqual([{ path: "type", message: expect.stringMatching(/^This breaks rule max-refund: /) }]);
  });

  it("a pattern without a capture group for a number, and a broken regex, are numbered", () => {
    const issues = variableIssues(
      bundle,
      { name: "discount", type: "number", description: "", patterns: ["\\d+%", "(\\d+"] },
      null,
    );
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^Pattern 1: A number variable takes its value from the first capture group/),
      expect.stringMatching(/^Pattern 2: Not a valid regular expression/),
    ]);
  });

  it("throws VALIDATION whose message names the rule for a refused rename", () => {
    try {
      assertVariableFits(bundle, { ...variable("refund_amount"), name: "refund_total" }, "refund_amount");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("VALIDATION");
      expect((error as AppError).message).toContain("rule max-refund");
    }
  });
});

describe("deletes", () => {
  it("refuse a name rules or tool inputs use; a variable is not held by a tool input of its name", () => {
    expect(() => assertUnused(bundle, "variable", "refund_amount")).toThrow(/rule max-refund/);
    expect(() => assertUnused(bundle, "profile_field", "order_id")).toThrow(/tool lookup_order/);
    expect(() => assertUnused(bundle, "profile_field", "tier")).not.toThrow();
    // A tool input named like a response variable is never filled from it (run-tools.ts looks in
    // session variables and profile fields): deleting the variable breaks nothing.
    const tool = bundle.tools[0];
    if (!tool) throw new Error("demo has no tool");
    const withInput = {
      ...bundle,
      variables: [
        ...bundle.variables,
        { name: "ticket", type: "string" as const, description: "", patterns: ["#(\\d+)"] },
      ],
      tools: [
        {
          ...tool,
          input_schema: { ...tool.input_schema, properties: { ticket: { type: "string" as const, description: "" } } },
        },
      ],
    };
    expect(() => assertUnused(withInput, "variable", "ticket")).not.toThrow();
    expect(() => assertUnused(withInput, "profile_field", "ticket")).toThrow(/tool lookup_order/);
  });
});
