"use client";

import { useState } from "react";
import type { DeleteEntityProps } from "./delete-config-entity-dialog";

/**
 * The entity a list page asks to delete (`ask` chooses it) and what its delete dialog takes: open
 * while one is chosen, pending while its command runs, closed on cancel and once the delete is done.
 */
export function useDeleteDialog<T extends { key: string }>(
  agentKey: string,
  version: number,
  commands: { pendingKey: string | null; remove: (entity: T, onDone?: () => void) => void },
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog: DeleteEntityProps<T> = {
    agentKey,
    entity: deleting,
    version,
    pending: deleting !== null && commands.pendingKey === deleting.key,
    onCancel: () => setDeleting(null),
    onConfirm: (entity) => commands.remove(entity, () => setDeleting(null)),
  };
  return { entity: deleting, ask: setDeleting, dialog };
}
