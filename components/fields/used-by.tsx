import { RuleLink } from "@/components/rules/rule-link";
import { Mono } from "@/components/ui/mono";
import type { NameUse } from "@/lib/fields/name-uses";

interface UsedByProps {
  use: NameUse | undefined;
  agentKey: string;
  /** "Renaming" in an editor (a note on what the save refuses); absent in a table cell. */
  what?: string;
  /** Response variables feed no tool input (run-tools.ts reads session variables, then profile fields). */
  rulesOnly?: boolean;
}

/** The rules (linked, with their expression) and tools that read a name; "—" for none. */
export function UsedBy({ use, agentKey, what, rulesOnly = false }: UsedByProps) {
  const rules = use?.rules ?? [];
  const tools = rulesOnly ? [] : (use?.tools ?? []);
  if (rules.length + tools.length === 0) {
    return what ? null : <span className="text-muted-foreground">—</span>;
  }
  const list = (
    <ul className="space-y-0.5">
      {rules.map((rule) => (
        <li key={rule.key}>
          <RuleLink agentKey={agentKey} ruleKey={rule.key} />{" "}
          <Mono className="text-muted-foreground">{rule.expression}</Mono>
        </li>
      ))}
      {tools.map((tool) => (
        <li key={tool}>
          tool <Mono>{tool}</Mono> (input)
        </li>
      ))}
    </ul>
  );
  if (!what) return <div className="text-xs">{list}</div>;
  return (
    <div className="rounded-md border border-border bg-muted/40 px-3 py-2 text-xs" data-testid="used-by">
      <p className="mb-1 text-muted-foreground">
        Read by the {rulesOnly || tools.length === 0 ? "rules" : "rules and tools"} below. {what} or deleting it is
        refused until they no longer use it; changing its type must keep their expressions valid.
      </p>
      {list}
    </div>
  );
}
