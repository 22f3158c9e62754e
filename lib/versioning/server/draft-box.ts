import "server-only";
import type { AgentRow } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";

/**
 * Where a dry run of a configuration change leaves the draft: the agent as it was, and the engine's
 * view of the agent with the change applied (undefined: the change changed nothing).
 */
export interface DraftBox {
  agent?: AgentRow;
  snapshot?: AgentSnapshot;
}

/** Thrown inside the change's transaction once the draft is read, so that nothing is kept. */
export class DraftCaptured extends Error {
  constructor() {
    super("dry run: the draft was read and the transaction rolled back");
  }
}
