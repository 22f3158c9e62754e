import Link from "next/link";
import { Stat } from "@/components/ui/stat";
import type { ProductionServes } from "@/lib/environments/production-serves";

// Short enough for a phone's half-width card (about 23 characters).
const HOW = { pinned: "pinned by a promotion", latest: "follows each save", split: "a traffic split" } as const;

/**
 * What customers get: the version production serves (its pin, the latest while never pinned, or a
 * split's versions), with the latest draft beside it when a save has not been promoted yet.
 */
export function ProductionVersionStat({ agentKey, served }: { agentKey: string; served: ProductionServes }) {
  const ahead = !served.versions.includes(served.latest);
  const hint = served.percents !== null ? `split ${served.percents.map((p) => `${p} %`).join(" / ")}` : HOW[served.how];
  return (
    <Stat
      label="Production serves"
      value={
        <span className="flex flex-wrap items-baseline gap-x-2">
          <Link
            href={`/agents/${encodeURIComponent(agentKey)}/environments`}
            title="Open Environments"
            data-testid="production-version"
          >
            {served.versions.map((v) => `v${v}`).join(" · ")}
          </Link>
          {ahead ? (
            <span className="font-normal text-muted-foreground text-sm" data-testid="draft-version">
              latest draft v{served.latest}
            </span>
          ) : null}
        </span>
      }
      hint={hint}
    />
  );
}
