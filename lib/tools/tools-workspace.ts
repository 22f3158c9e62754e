import type { BundleTool } from "@/lib/engine/contracts/bundle";
import type { ToolHostStatus } from "./tool-action-schemas";

// What the tools page hands its client components: the agent's tools in bundle form (references by
// key), which rules run each, and the names an output variable may not take. Client-safe: types only.

export interface ToolsWorkspaceData {
  agent: { key: string; name: string; configVersion: number };
  tools: BundleTool[];
  /** Tool key → the rules that attach it (deleting is refused while there are any). */
  usedBy: Record<string, { key: string; name: string }[]>;
  /** Names declared by profile fields and response variables → "profile field" | "response variable". */
  takenNames: Record<string, string>;
  /** Tool key → whether this server may call its host; http tools only. */
  hostStatus: Record<string, ToolHostStatus>;
  /** The agent's credential names (never their values): the editor's picker. */
  credentialNames: string[];
  /** Tool key → why it cannot run as configured (a credential it names is not set: docs/tools.md#bundles). */
  unconfigured: Record<string, string>;
}
