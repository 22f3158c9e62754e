"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toaster";
import { createToolAction } from "@/lib/actions/tools/create-tool";
import { deleteToolAction } from "@/lib/actions/tools/delete-tool";
import { duplicateToolAction } from "@/lib/actions/tools/duplicate-tool";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import type { ToolChangeResult } from "@/lib/tools-editor/tool-action-schemas";

type ToolActionResult = Awaited<ReturnType<typeof deleteToolAction>>;

interface ToolCommandsOptions {
  agentKey: string;
  /** The config_version the list shows; every command sends it as expected_config_version. */
  version: number;
  onVersion: (version: number) => void;
  onDuplicated: (copy: BundleTool, version: number) => void;
}

// A conflict toast stays 10 s: long enough to read what changed and click Reload.
const CONFLICT_TOAST_MS = 10_000;

/** The list's row commands (duplicate, delete), each one save with a toast; delete offers an undo. */
export function useToolCommands({ agentKey, version, onVersion, onDuplicated }: ToolCommandsOptions) {
  const router = useRouter();
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  function settle(result: ToolActionResult, done: (data: ToolChangeResult) => void) {
    if (result.ok) {
      onVersion(result.data.config_version);
      router.refresh();
      done(result.data);
    } else if (result.code === "CONFLICT") {
      toast.error(result.message, {
        duration: CONFLICT_TOAST_MS,
        action: { label: "Reload", onClick: () => router.refresh() },
      });
    } else {
      toast.error(result.message);
    }
  }

  function run(key: string, call: () => Promise<ToolActionResult>, done: (data: ToolChangeResult) => void) {
    setPendingKey(key);
    startTransition(async () => {
      settle(await call(), done);
      setPendingKey(null);
    });
  }

  function duplicate(tool: BundleTool) {
    run(
      tool.key,
      () => duplicateToolAction({ agent_key: agentKey, tool_key: tool.key, expected_config_version: version }),
      (data) => {
        if (!data.tool) return;
        toast.success(`Duplicated as ${data.tool.key}, attached to no rule yet · v${data.config_version}`);
        onDuplicated(data.tool, data.config_version);
      },
    );
  }

  /** Undo re-creates the tool from its last values (a new id; no rule was attached to it). */
  function remove(tool: BundleTool, onDone?: () => void) {
    run(
      tool.key,
      () => deleteToolAction({ agent_key: agentKey, tool_key: tool.key, expected_config_version: version }),
      (data) => {
        onDone?.();
        toast.success(`Deleted ${tool.key} · v${data.config_version}`, {
          action: {
            label: "Undo",
            onClick: () =>
              run(
                tool.key,
                () => createToolAction({ agent_key: agentKey, expected_config_version: data.config_version, tool }),
                (restored) => toast.success(`Restored ${tool.key} · v${restored.config_version}`),
              ),
          },
        });
      },
    );
  }

  return { pendingKey, duplicate, remove };
}
