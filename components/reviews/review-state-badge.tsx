import { Badge } from "@/components/ui/badge";
import type { ReviewState } from "@/lib/reviews/review-schemas";

/** Open, or reviewed with its resolution. */
export function ReviewStateBadge({ state, resolved }: { state: ReviewState; resolved: boolean | null }) {
  if (state === "open") return <Badge variant="info">open</Badge>;
  return resolved ? (
    <Badge variant="success">reviewed · resolved</Badge>
  ) : (
    <Badge variant="danger">reviewed · not resolved</Badge>
  );
}
