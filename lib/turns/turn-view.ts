import { z } from "zod";
import type { Provenance, Span, TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";
import { SessionEnvironment } from "@/lib/environments/environment-schemas";

// What the sandbox, the traces pages and the REST API show of a turn and a session (client-safe).

export interface TurnView {
  id: string;
  sessionId: string;
  turnIndex: number;
  userMessage: string;
  response: string;
  outcome: TurnOutcomeKind;
  fallbackReason: string | null;
  provenance: Provenance;
  spans: Span[];
  latencyMs: number;
  modelCalls: number;
  tokensIn: number;
  tokensOut: number;
  /** US dollars at the agent's prices; null when a model the turn called had no price. */
  costUsd: number | null;
  configVersion: number;
  provider: string;
  model: string;
  createdAt: string;
}

/** Where a session came from: the console's sandbox, the REST API with a secret key, or the widget or hosted page with a publishable key. */
export const SESSION_CHANNELS = ["sandbox", "api", "widget"] as const;
export type SessionChannel = (typeof SESSION_CHANNELS)[number];

export interface SessionView {
  id: string;
  agentId: string;
  agentKey: string;
  channel: SessionChannel;
  customerRef: string | null;
  activeScenario: { id: string; name: string } | null;
  activeStep: { id: string; name: string } | null;
  variables: Record<string, unknown>;
  profile: Record<string, unknown>;
  turnCount: number;
  mode: "agent" | "waiting" | "human";
  continuityEnabled: boolean | null;
  /** docs/environments.md: where the session runs and the version it was given (null: follows the latest). */
  environment: string | null;
  configVersion: number | null;
  createdAt: string;
  updatedAt: string;
}

// 4,000 characters: a long customer message is ~1,000; beyond this is a paste or an attack.
export const MAX_MESSAGE_CHARS = 4000;

export const TurnMessage = z
  .string()
  .trim()
  .min(1, "Type a message first.")
  .max(MAX_MESSAGE_CHARS, `A message is at most ${MAX_MESSAGE_CHARS} characters.`);

export const PostTurnBody = z.strictObject({ message: TurnMessage });
export const CreateSessionBody = z.strictObject({
  customer_id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "Your customer's reference: their sessions share a profile. A secret key's only: a publishable key is refused (422) and sends a signed X-Focal-Customer-Token instead (docs/widget.md#identified-customers)",
    ),
  continuity_enabled: z.boolean().optional(),
  environment: SessionEnvironment.optional().describe(
    "Where the session runs (docs/environments.md): production by default, draft for the latest version, or a named environment",
  ),
});
