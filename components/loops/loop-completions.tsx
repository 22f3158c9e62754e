import Link from "next/link";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import type { LoopCompletionView, LoopView } from "@/lib/loops/loop-view";
import { loopHref, utc } from "@/lib/loops/loop-view";

const SOURCE_WORDS: Record<LoopCompletionView["reflectionSource"], string> = {
  precomputed: "reflection sent by the orchestrator",
  judged: "judged by Focal from goal and output",
  stored: "stored reflection reused",
};

/** Every POST /orchestrator/loop-complete of this loop, newest first. */
export function LoopCompletions({ completions, kind }: { completions: LoopCompletionView[]; kind: LoopView["kind"] }) {
  return (
    <section aria-labelledby="completions-heading" className="space-y-2">
      <h2 id="completions-heading" className="font-medium text-sm">
        Completions
      </h2>
      {completions.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {kind === "turn"
            ? "A turn's loop is completed inside its turn by the engine, not through the API."
            : "Not completed yet: this rerun waits for the orchestrator's POST /orchestrator/loop-complete."}
        </p>
      ) : (
        <Table>
          <TableHeadings labels={["When", "Reflection", "Decision", "Rerun issued"]} />
          <TableBody>
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
                  {c.newLoopId ? (
                    <Link href={loopHref(c.newLoopId)}>
                      <Mono>{c.newLoopId}</Mono>
                    </Link>
                  ) : (
                    "—"
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
