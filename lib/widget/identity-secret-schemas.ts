import { z } from "zod";

// Client-safe schemas of an agent's customer identity secret (docs/widget.md#identified-customers): the
// REST answers, the console's action and the OpenAPI document draw on these.

/** Created or rotated: the secret, shown in this answer only. */
export const CreatedIdentitySecretBody = z.object({
  secret: z.string().startsWith("cis_"),
  /** True when it replaced a secret the agent had: tokens signed with that one are refused from now on. */
  rotated: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
});

export const IdentitySecretStatusBody = z.object({
  /** Whether the agent verifies identity tokens; without a secret, widget sessions are anonymous only. */
  set: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string().nullable(),
});

/** The console's button: the agent whose secret is created or rotated. */
export const RotateIdentitySecretInput = z.strictObject({ agent: z.string().min(1).max(64) });
