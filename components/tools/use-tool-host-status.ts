"use client";

import { useEffect, useState } from "react";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { checkToolUrlAction } from "@/lib/actions/tools/check-tool-url";
import type { ToolHostStatus } from "@/lib/tools/tool-action-schemas";

// 400 ms after the last keystroke the server judges the host: the allowlist lives in its environment.
const CHECK_DEBOUNCE_MS = 400;

/**
 * The allowlist verdict for the URL being typed. `saved` is the page's verdict for the URL the tool
 * was loaded with; `live` false (a viewer) keeps to it, since the check is a designer action.
 */
export function useToolHostStatus(
  agentKey: string,
  url: string,
  saved: { url: string; status: ToolHostStatus } | null,
  live: boolean,
): { status: ToolHostStatus | null; checking: boolean } {
  const settled = useDebouncedValue(url, CHECK_DEBOUNCE_MS);
  const [checked, setChecked] = useState<{ url: string; status: ToolHostStatus | null } | null>(null);

  useEffect(() => {
    if (!live || settled.trim() === "" || settled === saved?.url) return;
    let current = true;
    checkToolUrlAction({ agent_key: agentKey, url: settled }).then((result) => {
      if (current) setChecked({ url: settled, status: result.ok ? result.data : null });
    });
    return () => {
      current = false;
    };
  }, [agentKey, settled, saved?.url, live]);

  if (url.trim() === "") return { status: null, checking: false };
  if (saved && url === saved.url) return { status: saved.status, checking: false };
  if (checked && checked.url === url) return { status: checked.status, checking: false };
  return { status: null, checking: live };
}
