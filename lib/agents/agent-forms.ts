import { z } from "zod";
import { AgentKey } from "@/lib/engine/contracts/bundle";

// The console's New agent and Import bundle forms (client-safe): the same schemas parse the server
// actions' input, so the form and the action name the same fields.

/** A server action's body is capped at 1 MB by Next.js; larger bundles go through the CLI or REST. */
export const MAX_BUNDLE_FILE_BYTES = 1_000_000;

const AGENT_STARTS = ["empty", "demo"] as const;

export const CreateAgentInput = z.object({
  name: z.string().trim().min(1, "Give the agent a name").max(100, "At most 100 characters"),
  key: AgentKey.min(1, "Give the agent a key"),
  description: z.string().trim().max(500, "At most 500 characters").default(""),
  /** empty: no rules or scenarios; demo: a copy of the Refund desk to take apart. */
  start: z.enum(AGENT_STARTS).default("empty"),
});
export type CreateAgentInput = z.input<typeof CreateAgentInput>;

export const ImportAgentBundleInput = z.object({
  file_name: z.string().max(255).default("bundle.json"),
  text: z.string().min(1, "The file is empty").max(MAX_BUNDLE_FILE_BYTES, "The file is over 1 MB"),
  /** An agent with the bundle's key exists: replace its configuration (a new version), not refuse. */
  replace: z.boolean().default(false),
  /** An agent with the bundle's key exists: import the file as a new agent under this key instead. */
  new_key: AgentKey.min(1, "Give the new agent a key").optional(),
});
export type ImportAgentBundleInput = z.input<typeof ImportAgentBundleInput>;
