import { cn } from "@/components/ui/cn";
import { score2 } from "@/lib/loops/loop-view";

/** Fatigue as a bar on [0, 1] with the agent's stop line (0.5 by default) and the numbers "0.45 / 0.50". */
export function FatigueBar({ fatigue, limit }: { fatigue: number; limit: number }) {
  const over = fatigue >= limit;
  return (
    <div className="flex items-center gap-2" title={`fatigue ${score2(fatigue)}, reruns stop at ${score2(limit)}`}>
      <div className="relative h-2 w-20 rounded bg-muted" aria-hidden="true">
        <div
          className={cn("h-2 rounded", over ? "bg-danger" : "bg-chart-4")}
          style={{ width: `${Math.min(1, fatigue) * 100}%` }}
        />
        <div className="absolute -top-0.5 h-3 w-px bg-foreground" style={{ left: `${limit * 100}%` }} />
      </div>
      <span className={cn("whitespace-nowrap font-mono text-xs tabular-nums", over && "text-danger")}>
        {score2(fatigue)} / {score2(limit)}
      </span>
    </div>
  );
}
