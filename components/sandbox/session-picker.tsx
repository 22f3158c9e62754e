"use client";

import { useRouter } from "next/navigation";
import { startTransition, useOptimistic } from "react";
import { LabelledOptions, NativeSelect } from "@/components/ui/select";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { SandboxData } from "@/lib/sandbox/server/load-sandbox";
import { formatUtc, sandboxHref, shortId } from "./sandbox-format";

interface SessionPickerProps {
  agentKey: string;
  sessions: SandboxData["sessions"];
  othersSessions: SandboxData["othersSessions"];
  currentId: string | null;
  /** Who started the open session when it is another person's. */
  startedBy: string | null;
}

type Choice = SandboxData["sessions"][number];

const newestFirst = (list: Choice[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

function choiceText(s: Choice, withOwner: boolean): string {
  const turns = `${s.turnCount} ${s.turnCount === 1 ? "turn" : "turns"}`;
  const owner = withOwner ? ` · ${s.createdBy ?? "someone"}` : "";
  return `${formatUtc(s.createdAt).slice(5)} · ${turns} · ${shortId(s.id)}${owner}`;
}

/**
 * The operator's own recent sandbox sessions, newest first, then other people's under their own heading:
 * the page opens the operator's own, and another's only when chosen here. Choosing one opens it (?session=<id>).
 */
export function SessionPicker({ agentKey, sessions, othersSessions, currentId, startedBy }: SessionPickerProps) {
  const router = useRouter();
  const [value, setValue] = useOptimistic(currentId ?? "");
  const listed = [...sessions, ...othersSessions].some((s) => s.id === currentId);
  const empty = sessions.length === 0 && othersSessions.length === 0;

  function open(id: string) {
    startTransition(() => {
      setValue(id);
      router.push(sandboxHref(agentKey, { session: id }));
    });
  }

  return (
    <div className="flex items-center gap-2">
      <label htmlFor="sandbox-session" className="sr-only text-muted-foreground text-xs xl:not-sr-only">
        Session
      </label>
      <NativeSelect
        id="sandbox-session"
        data-testid="session-picker"
        className="w-48 xl:w-72"
        selectClassName="font-mono text-xs"
        value={value}
        onChange={(event) => open(event.target.value)}
        disabled={empty && !currentId}
      >
        {/* Nothing open yet: a placeholder, so that choosing any session is a change. */}
        {!currentId ? <option value="">{empty ? "No sessions yet" : "No session open"}</option> : null}
        {currentId && !listed ? (
          <option value={currentId}>
            {shortId(currentId)} · {startedBy ? `started by ${startedBy}` : "older session"}
          </option>
        ) : null}
        <LabelledOptions options={newestFirst(sessions).map((s) => ({ value: s.id, label: choiceText(s, false) }))} />
        {othersSessions.length > 0 ? (
          <optgroup label="Started by others">
            <LabelledOptions
              options={newestFirst(othersSessions).map((s) => ({ value: s.id, label: choiceText(s, true) }))}
            />
          </optgroup>
        ) : null}
      </NativeSelect>
    </div>
  );
}
