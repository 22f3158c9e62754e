import { Badge } from "@/components/ui/badge";
import { formatWait, waitLevel } from "@/lib/handoffs/inbox-views";

const WORDS = { ok: "within target", over: "over target", "far-over": "over twice the target" } as const;
const VARIANTS = { ok: "neutral", over: "warning", "far-over": "danger" } as const;

/** How long the customer has waited, amber past the agent's target and red past twice it (with the word). */
export function WaitBadge({ seconds, targetSeconds }: { seconds: number; targetSeconds: number }) {
  const level = waitLevel(seconds, targetSeconds);
  return (
    <Badge
      variant={VARIANTS[level]}
      data-testid="wait-badge"
      data-level={level}
      title={`Target ${formatWait(targetSeconds)} (handoff.target_seconds): ${WORDS[level]}`}
      className="tabular-nums"
    >
      {formatWait(seconds)}
      <span className="sr-only"> waiting, {WORDS[level]}</span>
    </Badge>
  );
}
