import { Bundle, type BundleInput } from "@/lib/engine/contracts/bundle";
import { canonicalTool } from "@/lib/tools/canonical-tool";
import { sortedBy, sortedDeep, sortedRecord } from "./canonical-order";

/**
 * The one canonical form of a bundle: every default written out, fields in schema order (zod builds
 * its output in shape order), top-level entities sorted by key, record keys sorted. Steps,
 * transitions and list fields keep their authored order, which carries meaning.
 */
export function canonicalBundle(bundle: Bundle | BundleInput): Bundle {
  const parsed = Bundle.parse(bundle);
  return {
    ...parsed,
    profile_fields: sortedBy(parsed.profile_fields, (f) => f.field_name),
    variables: sortedBy(parsed.variables, (v) => v.name).map((v) =>
      v.rates ? { ...v, rates: sortedRecord(v.rates) } : v,
    ),
    tools: sortedBy(parsed.tools, (t) => t.key).map(canonicalTool),
    scenarios: sortedBy(parsed.scenarios, (s) => s.key),
    rules: sortedBy(parsed.rules, (r) => r.key),
    knowledge_sources: sortedBy(parsed.knowledge_sources, (k) => k.key),
    tests: sortedBy(parsed.tests, (t) => t.key).map((t) => ({
      ...t,
      customer_profile: sortedDeep(t.customer_profile) as typeof t.customer_profile,
      turns: t.turns.map((turn) => (turn.tape ? { ...turn, tape: sortedDeep(turn.tape) as typeof turn.tape } : turn)),
    })),
  };
}

/** The bundle file's text: canonical form, 2-space JSON, trailing newline; export → import → export is stable. */
export function serializeBundle(bundle: Bundle | BundleInput): string {
  return `${JSON.stringify(canonicalBundle(bundle), null, 2)}\n`;
}
