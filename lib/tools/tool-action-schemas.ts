import { z } from "zod";
import { AgentKey, BundleTool, EntityKey, VariableName } from "@/lib/engine/contracts/bundle";
import type { SentRequest } from "@/lib/engine/ports";
import { AgentAtVersion } from "@/lib/versioning/agent-at-version";
import type { ExtractedVariable } from "./tool-try";

// Client-safe inputs and results of the tool server actions. The tool itself IS the bundle's tool
// (BundleTool, a union of static and http), so the editor, the actions and bundle import share one
// schema: names, limits and messages cannot drift apart.

export const CreateToolInput = z.strictObject({ ...AgentAtVersion, tool: BundleTool });
export type CreateToolInput = z.input<typeof CreateToolInput>;

/** `tool_key` is the tool's key as loaded; `tool.key` may rename it (its id stays, so rules stay attached). */
export const UpdateToolInput = z.strictObject({ ...AgentAtVersion, tool_key: EntityKey, tool: BundleTool });
export type UpdateToolInput = z.input<typeof UpdateToolInput>;

export const ToolRefInput = z.strictObject({ ...AgentAtVersion, tool_key: EntityKey });
export type ToolRefInput = z.input<typeof ToolRefInput>;

// 50 inputs and 10,000 characters a value are far above what a person types into "Try it".
export const TryToolInput = z.strictObject({
  agent_key: AgentKey,
  /** The editor's draft, saved or not: trying comes before saving. */
  tool: BundleTool,
  inputs: z
    .record(VariableName, z.string().max(10_000))
    .refine((inputs) => Object.keys(inputs).length <= 50, "At most 50 inputs"),
});
export type TryToolInput = z.input<typeof TryToolInput>;

// A URL is at most 2,000 characters in BundleHttpTool.
export const CheckToolUrlInput = z.strictObject({ agent_key: AgentKey, url: z.string().max(2000) });
export type CheckToolUrlInput = z.input<typeof CheckToolUrlInput>;

/** What every tool mutation returns: the agent's version afterwards and whether anything changed. */
export interface ToolChangeResult {
  config_version: number;
  /** false when the save changed no field: nothing is written and the version stays. */
  changed: boolean;
  tool: BundleTool | null;
}

/** Whether an http tool's host may be called from this server (FOCAL_TOOL_HOSTS). */
export interface ToolHostStatus {
  state: "allowed" | "not_allowed" | "private" | "invalid";
  /** "api.example.com:8443"; null when the URL does not parse. */
  host: string | null;
  message: string;
}

export type ToolTryResult =
  | {
      /** Inputs that do not fit their type, or required ones left blank: the tool was not run. */
      state: "skipped";
      input_errors: Record<string, string>;
      missing: string[];
    }
  | {
      state: "failed";
      input: Record<string, unknown>;
      reason: "timeout" | "refused" | "error" | "too_large";
      message: string;
      duration_ms: number;
      /** The request as sent (credential values `••••`); absent when none was built. */
      request?: SentRequest;
    }
  | {
      state: "ok";
      input: Record<string, unknown>;
      output: unknown;
      duration_ms: number;
      variables: ExtractedVariable[];
      request?: SentRequest;
    };
