import { Mono } from "@/components/ui/mono";

/** A table cell's list of code-like strings (validation rules, patterns), one a line; a dash when empty. */
export function MonoList({ items }: { items: string[] }) {
  if (items.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-0.5">
      {items.map((item) => (
        <li key={item} className="[overflow-wrap:anywhere]">
          <Mono>{item}</Mono>
        </li>
      ))}
    </ul>
  );
}
