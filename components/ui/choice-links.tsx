import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "./cn";

interface Choice {
  value: string;
  label: ReactNode;
  href: string;
}

/**
 * A row of links that each show the page another way (a state, a window), the current one marked for
 * screen readers (aria-current) and by its fill.
 */
export function ChoiceLinks({
  label,
  choices,
  current,
  testIdPrefix,
  keepScroll = false,
}: {
  /** The row's accessible name ("Approval state"). */
  label: string;
  choices: Choice[];
  current: string;
  /** Each link's test id is the prefix and its value. */
  testIdPrefix?: string;
  /** Stay where the page is scrolled (the choice changes a panel below the top). */
  keepScroll?: boolean;
}) {
  return (
    <nav aria-label={label} className="flex gap-1 text-xs">
      {choices.map((choice) => (
        <Link
          key={choice.value}
          href={choice.href}
          aria-current={choice.value === current ? "page" : undefined}
          data-testid={testIdPrefix ? `${testIdPrefix}${choice.value}` : undefined}
          scroll={keepScroll ? false : undefined}
          className={cn(
            "rounded-md border border-border px-2 py-1 hover:bg-muted",
            choice.value === current && "bg-muted font-medium text-foreground",
          )}
        >
          {choice.label}
        </Link>
      ))}
    </nav>
  );
}
