import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { emptyBundle } from "./empty-bundle";
import { validateBundle } from "./validate-bundle";

// biome-ignore lint/suspicious/noExplicitAny: these tests break the demo bundle in arbitrary ways.
type Editable = any;
const editable = (): Editable => structuredClone(demo);

function issuesOf(input: unknown) {
  const result = validateBundle(input);
  if (result.ok) throw new Error("expected the bundle to be invalid");
  return result.issues;
}

const paths = (input: unknown) => issuesOf(input).map((i) => i.path);

describe("validateBundle", () => {
  it("accepts the demo bundle", () => {
    expect(validateBundle(demo)).toMatchObject({ ok: true });
  });

  it("accepts a minimal bundle and fills the defaults", () => {
    const result = validateBundle({ focal_bundle: 1, agent: { key: "tiny", name: "Tiny" } });
    expect(result).toEqual({
      ok: true,
      bundle: emptyBundle({ key: "tiny", name: "Tiny" }),
    });
  });

  it("reports every shape problem at once, each at its JSON path", () => {
    const bundle = editable();
    bundle.focal_bundle = 2;
    bundle.agent.key = "Refund Desk";
    bundle.agent.nmae = "typo";
    bundle.agent.settings.scenario_filter = { stickiness_boost: 2 };
    bundle.profile_fields[0].field_type = "text";
    bundle.variables[2].name = "in";
    bundle.tools[0].kind = "ftp";
    bundle.scenarios[1].steps = [];
    bundle.rules[3].scope = "LOCAL";
    bundle.rules[4].priority = "high";
    delete bundle.rules[5].condition_text;
    expect(paths(bundle)).toEqual([
      "focal_bundle",
      "agent.key",
      "agent.settings.scenario_filter.stickiness_boost",
      "agent.nmae",
      "profile_fields[0].field_type",
      "variables[2].name",
      "tools[0].kind",
      "scenarios[1].steps",
      "rules[3].scope",
      "rules[4].priority",
      "rules[5].condition_text",
    ]);
    expect(issuesOf(bundle).find((i) => i.path === "agent.nmae")?.message).toMatch(/Unknown field/);
  });

  it("reports every reference problem at once, each at its JSON path", () => {
    const bundle = editable();
    bundle.tests = [];
    const refund = bundle.scenarios[1];
    bundle.profile_fields[1].field_name = "country"; // duplicate of [0]
    bundle.variables[0].name = "tier"; // collides with a profile field
    refund.entry_step = "start";
    refund.steps[1].key = "ask_order"; // duplicate step key
    refund.transitions[0].to = "nowhere";
    refund.transitions.push({ from: "offer_refund", to: "ask_order" }); // leaves a terminal step
    bundle.rules[0].scope_ref = "refunds"; // SCENARIO → unknown scenario
    bundle.rules[1].scope_ref = "refund/verify_identity"; // STEP → unknown step
    bundle.rules[2].scope_ref = null; // STEP without a ref
    bundle.rules[3].attached_tools = ["lookup_order", "refund_api"];
    bundle.rules[4].scope_ref = "refund"; // GLOBAL with a ref
    bundle.rules[6].key = "no-financial-advice"; // duplicate rule key
    bundle.tools[0].output.variables.order_total = "items[id={order_number}].amount";
    expect(paths(bundle)).toEqual([
      "profile_fields[1].field_name",
      "rules[6].key",
      "variables[0].name",
      "tools[0].output.variables.order_total",
      "scenarios[1].steps[1].key",
      "scenarios[1].entry_step",
      "scenarios[1].transitions[0].to",
      // look_up_order was renamed away, so the transitions leaving it now leave nothing.
      "scenarios[1].transitions[1].from",
      "scenarios[1].transitions[2].from",
      "scenarios[1].transitions[4].from",
      "rules[0].scope_ref",
      "rules[1].scope_ref",
      "rules[2].scope_ref",
      "rules[3].attached_tools[1]",
      "rules[4].scope_ref",
      // competitor_mentioned was renamed to tier, so no-competitor-mentions uses an undeclared variable.
      "rules[4].enforcement_expression",
    ]);
  });

  it("checks enforcement lanes", () => {
    const bundle = editable();
    bundle.rules[3].enforcement_expression = null; // max-refund: hard, deterministic, no expression
    bundle.rules[0].enforcement_expression = "true"; // be-polite: subjective with an expression
    bundle.rules[6].enforcement_expression = "true"; // quote-catalogue-prices: not hard
    const issues = issuesOf(bundle);
    expect(issues.map((i) => i.path)).toEqual([
      "rules[0].enforcement_expression",
      "rules[3].enforcement_expression",
      "rules[6].enforcement_expression",
    ]);
    expect(issues[0]?.message).toMatch(/subjective rule is judged by the model/);
    expect(issues[1]?.message).toMatch(/needs a CEL enforcement_expression/);
    expect(issues[2]?.message).toMatch(/Only hard constraints are enforced/);
  });

  it("reports a CEL syntax error at rules[i].enforcement_expression", () => {
    const bundle = editable();
    bundle.rules[3].enforcement_expression = "refund_amount <= ";
    expect(issuesOf(bundle)).toEqual([
      {
        path: "rules[3].enforcement_expression",
        message: expect.stringMatching(/^Syntax error at column 18: Unexpected token: EOF/),
      },
    ]);
  });

  it("reports a broken expression in the same round as a shape problem elsewhere", () => {
    const bundle = editable();
    bundle.rules[3].enforcement_expression = "refund_amount <= ";
    bundle.rules[1].scope = "PLANET";
    bundle.agent.nmae = "typo";
    expect(paths(bundle)).toEqual(["agent.nmae", "rules[1].scope", "rules[3].enforcement_expression"]);
  });

  it("reports undeclared variables in expressions and validation rules", () => {
    const bundle = editable();
    bundle.rules[3].enforcement_expression = "refund_total <= 50 && order_amount <= 100";
    bundle.rules[4].enforcement_expression = "!competitor_named";
    bundle.profile_fields[2].validation_rules.push("size(tier) > 0");
    const issues = issuesOf(bundle);
    expect(issues.map((i) => i.path)).toEqual([
      "rules[3].enforcement_expression",
      "rules[4].enforcement_expression",
      "profile_fields[2].validation_rules[1]",
    ]);
    expect(issues[0]?.message).toMatch(/^"refund_total" is not a declared variable/);
    expect(issues[0]?.message).toContain("refund_amount");
    expect(issues[2]?.message).toMatch(/can only use `value`/);
  });

  it("refuses an http tool's query, header or body template naming an unknown input, and a header with a line break", () => {
    const bundle = editable();
    bundle.tools[0] = {
      ...bundle.tools[0],
      kind: "http",
      output: {
        url: "https://api.example.com/orders/{order_id}",
        method: "PATCH",
        credential: "orders-api",
        query: { q: "{nope}" },
        headers: { "X-Who": "{ghost}", "X-Split": "a\r\nb" },
        body: { amount: "{phantom}", ok: "{order_id}" },
        variables: {},
      },
    };
    expect(issuesOf(bundle).map((i) => [i.path, i.message])).toEqual([
      ["tools[0].output.headers.X-Split", "Must be one line: no carriage return or line feed"],
    ]);
    bundle.tools[0].output.headers = { "X-Who": "{ghost}" };
    expect(paths(bundle)).toEqual(["tools[0].output.query.q", "tools[0].output.headers.X-Who", "tools[0].output.body"]);
  });

  it("checks extraction patterns", () => {
    const bundle = editable();
    bundle.variables[0].patterns = ["(unclosed", "x*"];
    bundle.variables[2].patterns = ["\\$\\d+"];
    expect(issuesOf(bundle)).toEqual([
      { path: "variables[0].patterns[0]", message: expect.stringMatching(/^Not a valid regular expression/) },
      { path: "variables[0].patterns[1]", message: expect.stringMatching(/matches empty text/) },
      { path: "variables[2].patterns[0]", message: expect.stringMatching(/first capture group/) },
    ]);
  });

  it("refuses what the linear-time engine cannot run, naming the construct", () => {
    const bundle = editable();
    bundle.variables[0].patterns = ["\\bQuickCart\\b", "(?<=try )QuickCart", "QuickCart(?! is closed)"];
    bundle.variables[2].patterns = ["(\\d+) and \\1"];
    bundle.profile_fields[2].validation_rules.push('value.matches("^(?<!x)vip$")');
    expect(issuesOf(bundle)).toEqual([
      {
        path: "profile_fields[2].validation_rules[1]",
        message: expect.stringMatching(
          /^matches\(\) at column 15: lookbehind is not supported: patterns run on a linear-time engine/,
        ),
      },
      {
        path: "variables[0].patterns[1]",
        message: expect.stringMatching(/^lookbehind is not supported: patterns run on a linear-time engine; /),
      },
      { path: "variables[0].patterns[2]", message: expect.stringMatching(/^lookahead is not supported/) },
      { path: "variables[2].patterns[0]", message: expect.stringMatching(/^backreferences .* are not supported/) },
    ]);
  });

  it("checks settings across fields and refuses NUL characters", () => {
    const bundle = editable();
    bundle.agent.settings.fatigue = { critical_threshold: 0.9, max_fatigue: 0.8 };
    bundle.scenarios[0].entry_examples.push("bad\u0000byte");
    expect(paths(bundle)).toEqual(["agent.settings.fatigue.critical_threshold", "scenarios[0].entry_examples[4]"]);
  });
});

describe("money variables", () => {
  const withVariables = (variables: unknown[]) => ({ ...editable(), variables });
  const refund = () =>
    structuredClone(demo.variables.find((v) => v.name === "refund_amount")) as Record<string, unknown>;

  it("needs a currency and a context word, and no rate for its own currency", () => {
    const { currency: _c, context_words: _w, ...bare } = refund();
    expect(paths(withVariables([bare]))).toEqual(
      expect.arrayContaining(["variables[0].currency", "variables[0].context_words"]),
    );
    expect(paths(withVariables([{ ...refund(), rates: { USD: 1 } }]))).toContain("variables[0].rates.USD");
    expect(paths(withVariables([{ ...refund(), currency: "usd" }]))).toContain("variables[0].currency");
    expect(paths(withVariables([{ ...refund(), rates: { EUR: 0 } }]))).toContain("variables[0].rates.EUR");
  });

  it("keeps the money fields to money variables", () => {
    const number = {
      name: "n",
      type: "number",
      currency: "USD",
      context_words: ["x"],
      limit_words: ["cap"],
      rates: {},
    };
    expect(paths(withVariables([refund(), number]))).toEqual(
      expect.arrayContaining([
        "variables[1].currency",
        "variables[1].context_words",
        "variables[1].limit_words",
        "variables[1].rates",
      ]),
    );
  });

  it("takes limit words checked like context words", () => {
    const ok = paths(withVariables([{ ...refund(), limit_words: ["allowance", "cap on"] }]));
    expect(ok.filter((p) => p.includes("limit_words"))).toEqual([]);
    expect(paths(withVariables([{ ...refund(), limit_words: ["over $50"] }]))).toContain("variables[0].limit_words[0]");
  });

  it("declares <name>_total, which no other name may take", () => {
    const clash = { name: "refund_amount_total", type: "number", patterns: ["(\\d+)"] };
    expect(issuesOf(withVariables([refund(), clash]))).toContainEqual({
      path: "variables[0].name",
      message: '"refund_amount" declares "refund_amount_total" for its total, which variables[1] already declares',
    });
    const rule = {
      ...demo.rules.find((r) => r.key === "max-refund"),
      enforcement_expression: "refund_amount_total <= 50",
    };
    expect(validateBundle({ ...editable(), rules: [rule], tests: [] })).toMatchObject({ ok: true });
  });
});

describe("phrases variables", () => {
  const competitor = () =>
    structuredClone(demo.variables.find((v) => v.name === "competitor_mentioned")) as Record<string, unknown>;
  const withPhrases = (phrases: unknown) => ({
    ...editable(),
    variables: [
      ...editable().variables.filter((v: { name: string }) => v.name !== "competitor_mentioned"),
      {
        ...competitor(),
        phrases,
      },
    ],
  });
  const at = "variables[2].phrases";

  it("accepts the demo's competitor names", () => {
    expect(competitor()).toMatchObject({
      type: "phrases",
      phrases: ["QuickCart", "MegaMart", "ShopNest", "BargainBay"],
    });
    expect(validateBundle(withPhrases(["Acme Retail", "x".repeat(200)]))).toMatchObject({ ok: true });
  });

  it("refuses an empty or blank name, one over 200 characters and more than 500 names, at the path", () => {
    expect(issuesOf(withPhrases(["QuickCart", ""]))).toContainEqual({
      path: `${at}[1]`,
      message: "A name cannot be empty",
    });
    expect(paths(withPhrases(["  "]))).toEqual([`${at}[0]`]);
    expect(issuesOf(withPhrases(["x".repeat(201)]))).toContainEqual({
      path: `${at}[0]`,
      message: "A name is at most 200 characters",
    });
    const many = Array.from({ length: 501 }, (_, i) => `Store ${i}`);
    expect(issuesOf(withPhrases(many))).toContainEqual({ path: at, message: "At most 500 names" });
  });

  it("needs at least one name, and only a phrases variable has names", () => {
    expect(paths(withPhrases([]))).toEqual([at]);
    const { phrases: _p, ...bare } = competitor();
    expect(paths({ ...editable(), variables: [bare] })).toEqual(expect.arrayContaining(["variables[0].phrases"]));
    const boolean = { name: "b", type: "boolean", patterns: ["\\bx\\b"], phrases: ["X"] };
    expect(paths({ ...editable(), variables: [...editable().variables, boolean] })).toEqual(["variables[3].phrases"]);
  });
});
