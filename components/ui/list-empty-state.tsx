import { EmptyState } from "./empty-state";

/**
 * An empty list page: while filters are set, that none match and how to see all again; otherwise what
 * fills the list.
 */
export function ListEmptyState({
  filtered,
  noun,
  title,
  description,
}: {
  filtered: boolean;
  /** What the list holds, one and many: { one: "event", many: "events" }. */
  noun: { one: string; many: string };
  /** The empty list's own title and how to fill it. */
  title: string;
  description: string;
}) {
  return (
    <EmptyState
      title={filtered ? `No ${noun.many} match these filters` : title}
      description={filtered ? `Clear the filters to see every ${noun.one}.` : description}
    />
  );
}
