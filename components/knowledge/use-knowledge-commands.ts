"use client";

import { type RowCommandsOptions, useConfigCommands } from "@/components/config-editor/use-config-commands";
import { createKnowledgeSourceAction } from "@/lib/actions/knowledge/create-knowledge-source";
import { deleteKnowledgeSourceAction } from "@/lib/actions/knowledge/delete-knowledge-source";
import type { KnowledgePageSource } from "@/lib/knowledge/knowledge-page";

/** The list's delete, one save with a toast whose Undo adds the source back from its last values. */
export function useKnowledgeCommands({ agentKey, version, onVersion }: RowCommandsOptions) {
  const commands = useConfigCommands({ onVersion });

  function remove({ passages, instructions, ...source }: KnowledgePageSource, onDone?: () => void) {
    commands.removeWithUndo(
      source.key,
      () =>
        deleteKnowledgeSourceAction({ agent_key: agentKey, source_key: source.key, expected_config_version: version }),
      (at) => createKnowledgeSourceAction({ agent_key: agentKey, expected_config_version: at, ...source }),
      onDone,
    );
  }

  return { pendingKey: commands.pendingKey, remove };
}
