import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { describePlan, planConfigChanges } from "./config-plan";

// focal apply's plan: matched by key, object keys in any order equal, applied in an order where what
// is referred to exists first and is removed last.

const current = Bundle.parse(demo);
const clone = () => structuredClone(current);

describe("planConfigChanges", () => {
  it("is empty for the same configuration, even with a tool's schema keys in another order", () => {
    const target = clone();
    const tool = target.tools[0];
    if (tool)
      tool.input_schema = {
        required: tool.input_schema.required,
        type: "object",
        properties: tool.input_schema.properties,
      };
    expect(planConfigChanges(current, target)).toEqual([]);
  });

  it("adds before it changes what refers to them, and removes after, in reverse dependency order", () => {
    const target = clone();
    target.profile_fields.push({
      ...target.profile_fields[0],
      field_name: "loyalty",
    } as Bundle["profile_fields"][number]);
    target.rules = target.rules
      .filter((rule) => rule.key !== "vip-thanks")
      .map((rule) => (rule.key === "be-polite" ? { ...rule, priority: 5, name: "Polite" } : rule));
    target.variables = target.variables.filter((v) => v.name !== "financial_advice_given");
    target.agent.settings = { ...target.agent.settings, rerun: { max_reruns: 1 } };
    const plan = planConfigChanges(current, target);
    expect(plan.map((c) => `${c.action} ${c.kind} ${c.key}`)).toEqual([
      "change settings settings",
      "add profile-fields loyalty",
      "change rules be-polite",
      "remove rules vip-thanks",
      "remove variables financial_advice_given",
    ]);
    expect(plan[2]?.fields).toEqual(["name", "priority"]);
    expect(describePlan(plan)).toBe(
      [
        "  ~ settings: rerun.max_reruns",
        "  + profile field loyalty",
        "  ~ rule be-polite: name, priority",
        "  - rule vip-thanks",
        "  - variable financial_advice_given",
        "1 settings changed, 1 profile field added, 1 rule changed, 1 rule removed, 1 variable removed",
        "",
      ].join("\n"),
    );
  });
});
