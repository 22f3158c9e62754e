import { Mono } from "@/components/ui/mono";
import { TableCell, TableRow } from "@/components/ui/table";
import type { LoopCompletionView, LoopView } from "@/lib/loops/loop-view";
import { loopHref, utc } from "@/lib/loops/loop-view";
import { LoopTableSection, MonoLinkOrDash } from "./loop-table-section";

const SOURCE_WORDS: Record<LoopCompletionView["reflectionSource"], string> = {
  precomputed: "reflection sent by the orchestrator",
  judged: "judged by Focal from goal and output",
  stored: "stored reflection reused",
};

/** Every POST /orchestrator/loop-complete of this loop, newest first. */
export function LoopCompletions({ completions, kind }: { completions: LoopCompletionView[]; kind: LoopView["kind"] }) {
  return (
    <LoopTableSection
      id="completions"
      title="Completions"
      empty={
        completions.length > 0
          ? null
          : kind === "turn"
            ? "A turn's loop is completed inside its turn by the engine, not through the API."
            : "Not completed yet: this rerun waits for the orchestrator's POST /orchestrator/loop-complete."
      }
      headings={["When", "Reflection", "Decision", "Rerun issued"]}
    >
      {completions.map((c) => (
        <TableRow key={c.id}>
          <TableCell className="whitespace-nowrap text-xs">
            <time dateTime={c.createdAt}>{utc(c.createdAt)}</time>
          </TableCell>
          <TableCell className="text-xs">{SOURCE_WORDS[c.reflectionSource]}</TableCell>
          <TableCell>
            <Mono>{c.decision ?? "—"}</Mono>
          </TableCell>
          <TableCell>
            <MonoLinkOrDash href={c.newLoopId ? loopHref(c.newLoopId) : null}>{c.newLoopId}</MonoLinkOrDash>
          </TableCell>
        </TableRow>
      ))}
    </LoopTableSection>
  );
}
