import Link from "next/link";
import type { ReactNode } from "react";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableHeadings } from "@/components/ui/table";

interface LoopTableSectionProps {
  /** The heading's id prefix: "completions" → completions-heading. */
  id: string;
  title: string;
  testId?: string;
  /** Why there are no rows; null when there are. */
  empty: string | null;
  headings: string[];
  /** The table's rows. */
  children: ReactNode;
}

/** A titled section of a loop's page: its table, or a sentence saying why there is none yet. */
export function LoopTableSection({ id, title, testId, empty, headings, children }: LoopTableSectionProps) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2" data-testid={testId}>
      <h2 id={`${id}-heading`} className="font-medium text-sm">
        {title}
      </h2>
      {empty !== null ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <Table>
          <TableHeadings labels={headings} />
          <TableBody>{children}</TableBody>
        </Table>
      )}
    </section>
  );
}

/** An id shown in mono that links to where it is described, or a dash when there is none. */
export function MonoLinkOrDash({ href, children }: { href: string | null; children: ReactNode }) {
  return href ? (
    <Link href={href}>
      <Mono>{children}</Mono>
    </Link>
  ) : (
    "—"
  );
}
