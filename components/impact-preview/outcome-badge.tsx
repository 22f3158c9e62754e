import { Badge, type BadgeVariant } from "@/components/ui/badge";

/** An outcome in its colour and with its word (a replay's outcome comes back as a plain string). */
export function OutcomeBadge({ outcome }: { outcome: string }) {
  return <Badge variant={`outcome-${outcome}` as BadgeVariant}>{outcome}</Badge>;
}
