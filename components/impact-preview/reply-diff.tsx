import type { WordPart } from "@/lib/replay/replay-types";

// Not colour alone: removed words are struck through (<del>), added ones underlined (<ins>), and
// screen readers hear the element's role.
const REMOVED = "rounded-sm bg-danger-bg px-0.5 text-danger line-through decoration-2";
const ADDED = "rounded-sm bg-success-bg px-0.5 text-success underline decoration-2 underline-offset-2";

interface ReplyDiffProps {
  /** The reply on this side, shown as is when the replies did not change. */
  text: string;
  /** The word diff original → replay, when the replies differ. */
  parts?: WordPart[];
  side: "before" | "after";
}

/** One side of a reply's word diff: the original shows what the replay removed, the replay what it added. */
export function ReplyDiff({ text, parts, side }: ReplyDiffProps) {
  if (!parts) return <span>{text}</span>;
  const hidden = side === "before" ? "added" : "removed";
  return (
    <span>
      {parts.map((part, index) => {
        const key = `${index}-${part.op}`;
        if (part.op === hidden) return null;
        if (part.op === "same") return <span key={key}>{part.text}</span>;
        // The spaces around a changed run stay unmarked: only the words are struck or underlined.
        const [, lead, words, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text) ?? ["", "", part.text, ""];
        return (
          <span key={key}>
            {lead}
            {part.op === "removed" ? <del className={REMOVED}>{words}</del> : <ins className={ADDED}>{words}</ins>}
            {trail}
          </span>
        );
      })}
    </span>
  );
}

/** How to read the markers, once per comparison. */
export function ReplyDiffLegend() {
  return (
    <p className="text-muted-foreground text-xs">
      <del className={REMOVED}>struck through</del>: only in the original · <ins className={ADDED}>underlined</ins>:
      only in the replay
    </p>
  );
}
