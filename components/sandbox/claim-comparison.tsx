import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { isRecord } from "./sandbox-format";

// Lane 1 over declared claims, in a check of the enforcement span: per variable the rule reads, what
// the reply declared beside what its text states, and what decided the rule. Stored JSON, read
// defensively: a field of an unexpected shape shows as "—".

const money = (amount: number, currency: string) => (currency === "USD" ? `$${amount}` : `${amount} ${currency}`);

function declaredText(status: unknown, declared: unknown): string {
  if (status === "absent") return "nothing";
  if (status === "malformed") return "an unusable claim";
  if (declared === null || status === "null") return "no commitment";
  if (isRecord(declared) && typeof declared.amount === "number" && typeof declared.currency === "string")
    return money(declared.amount, declared.currency);
  return typeof declared === "number" || typeof declared === "boolean" ? String(declared) : "—";
}

function statedText(extracted: unknown, currency: unknown): string {
  if (!Array.isArray(extracted) || extracted.length === 0) return "nothing";
  if (extracted.every((v) => v === false)) return "nothing";
  return extracted
    .map((v) => (typeof v === "number" && typeof currency === "string" ? money(v, currency) : String(v)))
    .join(" + ");
}

const DECIDED: Record<string, string> = {
  text: "decided by the text",
  claim: "decided by the claim (the text states none)",
  agreement: "declared and text agree",
  same_verdict: "same verdict on both",
  judge: "judge",
  block: "blocked (enforcement.unresolved)",
  allow: "sent (enforcement.unresolved)",
};

export function ClaimComparisons({ claims, decidedBy }: { claims: unknown; decidedBy: unknown }) {
  if (!Array.isArray(claims) || claims.length === 0) return null;
  const decided = typeof decidedBy === "string" ? DECIDED[decidedBy] : undefined;
  return (
    <ul aria-label="Declared and extracted values" className="mt-0.5 space-y-0.5 text-[11px]">
      {claims.filter(isRecord).map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one row per variable, in the rule's order.
        <li key={i} data-testid="claim-comparison" className="flex flex-wrap items-center gap-1">
          <Mono>{typeof c.variable === "string" ? c.variable : "—"}</Mono>
          <span>
            declared <strong>{declaredText(c.status, c.declared)}</strong>, text says{" "}
            <strong>{statedText(c.extracted, c.currency)}</strong>
          </span>
          {c.agrees === false ? (
            <Badge variant="warning" title={typeof c.why === "string" ? c.why : undefined}>
              disagree
            </Badge>
          ) : null}
          {decided && i === 0 ? <span className="text-muted-foreground">→ {decided}</span> : null}
        </li>
      ))}
    </ul>
  );
}
