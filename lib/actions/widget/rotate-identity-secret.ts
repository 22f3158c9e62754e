"use server";

import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";
import { RotateIdentitySecretInput } from "@/lib/widget/identity-secret-schemas";
import { rotateIdentitySecret } from "@/lib/widget/server/identity-secrets";

// The secret is in this one response only; the database keeps it sealed (docs/widget.md#identified-customers).
export const rotateIdentitySecretAction = defineAction(
  { name: "rotateIdentitySecret", role: "admin", schema: RotateIdentitySecretInput },
  async ({ agent }, { db, actor, requestId }) =>
    rotateIdentitySecret(db, await requireAgent(db, agent), { actor, requestId }),
);
