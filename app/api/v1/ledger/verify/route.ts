import { LedgerVerifyBody } from "@/lib/ledger/ledger-response-schemas";
import { defineRoute } from "@/lib/server/define-route";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";

// GET /api/v1/ledger/verify → { is_intact, total, broken_at, reason, chains, anchors, unanchored }
export const GET = defineRoute({ scope: "ledger:read", response: LedgerVerifyBody }, async ({ db }) =>
  verifyLedgerChain(db),
);
