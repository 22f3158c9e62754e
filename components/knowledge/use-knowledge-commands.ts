"use client";

import { type RowCommandsOptions, useConfigCommands } from "@/components/config-editor/use-config-commands";
import { toast } from "@/components/ui/toaster";
import { createKnowledgeSourceAction } from "@/lib/actions/knowledge/create-knowledge-source";
import { deleteKnowledgeSourceAction } from "@/lib/actions/knowledge/delete-knowledge-source";
import { refreshKnowledgeSourceAction } from "@/lib/actions/knowledge/refresh-knowledge-source";
import type { KnowledgePageSource } from "@/lib/knowledge/knowledge-page";
import { plural } from "@/lib/text/plural";

/** The list's delete, one save with a toast whose Undo adds the source back from its last values. */
export function useKnowledgeCommands({ agentKey, version, onVersion }: RowCommandsOptions) {
  const commands = useConfigCommands({ onVersion });

  function remove({ passages, pages, fetch, instructions, ...source }: KnowledgePageSource, onDone?: () => void) {
    commands.removeWithUndo(
      source.key,
      () =>
        deleteKnowledgeSourceAction({ agent_key: agentKey, source_key: source.key, expected_config_version: version }),
      (at) => createKnowledgeSourceAction({ agent_key: agentKey, expected_config_version: at, ...source }),
      onDone,
    );
  }

  /** Fetches a url source again: a toast says whether its text changed, stayed or could not be read. */
  function refresh(source: KnowledgePageSource) {
    commands.run(
      source.key,
      () =>
        refreshKnowledgeSourceAction({ agent_key: agentKey, source_key: source.key, expected_config_version: version }),
      (done) => {
        if (!done.refreshed)
          toast.error(`${source.title} could not be refreshed: ${done.fetch?.error ?? "the fetch failed"}`);
        else if (done.changed)
          toast.success(`${source.title} changed: ${plural(done.passages, "passage")} · v${done.config_version}`);
        else toast.success(`${source.title} is unchanged`);
      },
    );
  }

  return { pendingKey: commands.pendingKey, remove, refresh };
}
