"use client";

import { type RowCommandsOptions, useConfigCommands } from "@/components/config-editor/use-config-commands";
import { createToolAction } from "@/lib/actions/tools/create-tool";
import { deleteToolAction } from "@/lib/actions/tools/delete-tool";
import { duplicateToolAction } from "@/lib/actions/tools/duplicate-tool";
import type { BundleTool } from "@/lib/engine/contracts/bundle";

interface ToolCommandsOptions extends RowCommandsOptions {
  onDuplicated: (copy: BundleTool, version: number) => void;
}

/** The list's row commands (duplicate, delete), each one save with a toast; delete offers an undo. */
export function useToolCommands({ agentKey, version, onVersion, onDuplicated }: ToolCommandsOptions) {
  const commands = useConfigCommands({ onVersion });

  function duplicate(tool: BundleTool) {
    commands.duplicate(
      tool.key,
      () => duplicateToolAction({ agent_key: agentKey, tool_key: tool.key, expected_config_version: version }),
      (data) => data.tool,
      "attached to no rule yet",
      onDuplicated,
    );
  }

  /** Undo re-creates the tool from its last values (a new id; no rule was attached to it). */
  function remove(tool: BundleTool, onDone?: () => void) {
    commands.removeWithUndo(
      tool.key,
      () => deleteToolAction({ agent_key: agentKey, tool_key: tool.key, expected_config_version: version }),
      (at) => createToolAction({ agent_key: agentKey, expected_config_version: at, tool }),
      onDone,
    );
  }

  return { pendingKey: commands.pendingKey, duplicate, remove };
}
