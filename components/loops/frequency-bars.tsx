import { Mono } from "@/components/ui/mono";

/** A ranked list with proportional bars (rerun reasons, stop reasons, bias-tag frequency). */
export function FrequencyBars({
  title,
  items,
  empty,
  words,
  testId,
}: {
  title: string;
  items: { label: string; n: number }[];
  empty: string;
  /** Optional human words shown beside the enum value. */
  words?: Record<string, string>;
  testId?: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.n));
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-border p-3"
      data-testid={testId}
      aria-label={title}
    >
      <h2 className="font-medium text-sm">{title}</h2>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-xs">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {items.map((item) => (
            <li key={item.label} className="flex flex-col gap-0.5 text-xs">
              <div className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 truncate">
                  <Mono>{item.label}</Mono>
                  {words?.[item.label] ? <span className="ml-1 text-muted-foreground">{words[item.label]}</span> : null}
                </span>
                <Mono className="text-muted-foreground">{item.n}</Mono>
              </div>
              <div className="h-1.5 rounded bg-muted">
                <div className="h-1.5 rounded bg-chart-1" style={{ width: `${(item.n / max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
