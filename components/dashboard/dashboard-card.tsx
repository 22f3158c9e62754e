import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

interface DashboardCardProps {
  title: string;
  description: ReactNode;
  /** Shown instead of the chart when the window has nothing to draw; says how to get data. */
  empty?: ReactNode;
  testId: string;
  className?: string;
  children: ReactNode;
}

/** One dashboard panel: title, what it counts, then the chart or its empty state. */
export function DashboardCard({ title, description, empty, testId, className, children }: DashboardCardProps) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className={cn("flex min-w-0 flex-col gap-2 rounded-lg border border-border p-3", className)}
    >
      <header>
        <h3 className="font-medium text-sm">{title}</h3>
        <p className="text-muted-foreground text-xs">{description}</p>
      </header>
      {empty ? (
        <p className="rounded-md border border-border border-dashed px-3 py-6 text-center text-muted-foreground text-xs">
          {empty}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

/** 1, 2 or 5 × 10^k at or above `n`: axis tops that read as round numbers. */
export function niceCeiling(n: number): number {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((m) => m * power >= n) ?? 10;
  return step * power;
}

/** "06-14" for an ISO day: the year is in the window's title. */
export const shortDay = (day: string) => day.slice(5);
