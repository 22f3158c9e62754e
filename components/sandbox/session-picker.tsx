"use client";

import { useRouter } from "next/navigation";
import { startTransition, useOptimistic } from "react";
import { NativeSelect } from "@/components/ui/select";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { SandboxData } from "@/lib/server/sandbox/load-sandbox";
import { formatUtc, sandboxHref, shortId } from "./sandbox-format";

interface SessionPickerProps {
  agentKey: string;
  sessions: SandboxData["sessions"];
  currentId: string | null;
}

/** Recent sandbox sessions, newest first; choosing one opens it (?session=<id>). */
export function SessionPicker({ agentKey, sessions, currentId }: SessionPickerProps) {
  const router = useRouter();
  const [value, setValue] = useOptimistic(currentId ?? "");
  const newestFirst = [...sessions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

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
        disabled={sessions.length === 0}
      >
        {sessions.length === 0 ? <option value="">No sessions yet</option> : null}
        {currentId && !sessions.some((s) => s.id === currentId) ? (
          <option value={currentId}>{shortId(currentId)} · older session</option>
        ) : null}
        {newestFirst.map((s) => (
          <option key={s.id} value={s.id}>
            {formatUtc(s.createdAt).slice(5)} · {s.turnCount} {s.turnCount === 1 ? "turn" : "turns"} · {shortId(s.id)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
