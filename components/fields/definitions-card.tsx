"use client";

import type { ReactNode } from "react";
import { NewButton } from "@/components/config-editor/page-actions";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

interface DefinitionsCardProps {
  title: string;
  description: ReactNode;
  /** "profile field": the New button's and the empty state's words. */
  noun: string;
  /** What a first one could be, for the empty state: "e.g. tier, country". */
  example: string;
  /** How many there are; none shows the empty state instead of the table. */
  count: number;
  canEdit: boolean;
  onNew: () => void;
  /** The table of them. */
  children: ReactNode;
}

/** One section of the Fields & Variables page: its title, New button, and its table or how to add the first. */
export function DefinitionsCard({
  title,
  description,
  noun,
  example,
  count,
  canEdit,
  onNew,
  children,
}: DefinitionsCardProps) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="space-y-1">
          <CardTitle as="h2">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {canEdit ? <NewButton onClick={onNew}>New {noun}</NewButton> : null}
      </CardHeader>
      <CardContent>
        {count === 0 ? (
          <EmptyState
            title={`No ${noun}s yet`}
            description={
              canEdit
                ? `Add the first with New ${noun} (${example}), or import a bundle.`
                : `A designer adds ${noun}s here, or imports them with a bundle.`
            }
          />
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
