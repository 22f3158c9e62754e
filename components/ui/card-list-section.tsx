import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, type EmptyStateProps } from "@/components/ui/empty-state";

interface CardListSectionProps {
  /** The section's anchor; its title's id is `${id}-title`. */
  id: string;
  title: string;
  description: ReactNode;
  className?: string;
  /** The add control in the header, shown only once the list has entries (the empty state holds its own). */
  add: ReactNode;
  /** What shows while the list is empty (null once it has entries); `action` adds the first one. */
  empty: EmptyStateProps | null;
  children: ReactNode;
}

/** A settings page's list of things, in a card: title and description with Add beside them, then the list or its empty state. */
export function CardListSection({ id, title, description, className, add, empty, children }: CardListSectionProps) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className={className}>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div>
            <CardTitle as="h2" id={`${id}-title`}>
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
          {empty ? null : add}
        </CardHeader>
        <CardContent>{empty ? <EmptyState {...empty} /> : children}</CardContent>
      </Card>
    </section>
  );
}
