import { defineRoute } from "@/lib/server/define-route";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";

// GET /api/v1/ledger/verify → { is_intact, total, broken_at }
export const GET = defineRoute({ scope: "ledger:read" }, async ({ db }) => verifyLedgerChain(db));
