import { RevealPiiBody, RevealPiiResponse } from "@/lib/privacy/pii-reveal-schemas";
import { revealPii } from "@/lib/privacy/server/reveal-pii";
import { defineRoute } from "@/lib/server/define-route";
import { SessionIdParams } from "../../../../params";

// POST /api/v1/sessions/{id}/pii/reveal {placeholder} → 200 {placeholder, value}: admins only (pii:read),
// each reveal ledgered as PII_REVEALED without the value (docs/privacy.md#reveal).
export const POST = defineRoute(
  { scope: "pii:read", params: SessionIdParams, body: RevealPiiBody, response: RevealPiiResponse },
  ({ db, params, body, actor, requestId }) =>
    revealPii(db, { sessionId: params.id, placeholder: body.placeholder, actor, requestId }),
);
