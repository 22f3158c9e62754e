import type { ReactNode } from "react";

interface TesterPanelProps {
  /** "cel-tester": the section is named by its heading, `${id}-title`. */
  id: string;
  title: string;
  /** What the panel does, under its heading. */
  intro: string;
  /** A further note under the intro (the CEL tester's money note). */
  note?: ReactNode;
  children: ReactNode;
}

/** The panel beside an editor's form where the draft is tried: a heading, what it does, then its controls. */
export function TesterPanel({ id, title, intro, note, children }: TesterPanelProps) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-border p-3">
      <div>
        <h3 id={`${id}-title`} className="font-semibold text-sm">
          {title}
        </h3>
        <p className="text-muted-foreground text-xs">{intro}</p>
        {note}
      </div>
      {children}
    </section>
  );
}
