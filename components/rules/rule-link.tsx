import Link from "next/link";
import type { ReactNode } from "react";

/** A link to one rule: the rules page searched for its key, so it is the row shown. */
export function RuleLink({
  agentKey,
  ruleKey,
  title,
  className = "underline decoration-foreground/30 underline-offset-2 hover:decoration-foreground",
  children,
}: {
  agentKey: string;
  ruleKey: string;
  title?: string;
  className?: string;
  /** The link's text; the rule's key when omitted. */
  children?: ReactNode;
}) {
  return (
    <Link href={`/agents/${agentKey}/rules?q=${encodeURIComponent(ruleKey)}`} className={className} title={title}>
      {children ?? ruleKey}
    </Link>
  );
}
