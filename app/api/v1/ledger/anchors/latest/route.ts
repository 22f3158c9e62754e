import { LedgerAnchorBody } from "@/lib/ledger/ledger-response-schemas";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { latestLedgerAnchor } from "@/lib/server/ledger/anchor-ledger";

// GET /api/v1/ledger/anchors/latest → { seq, hash, merkle_root, leaf_count, occurred_at, previous_anchor_seq }
// The hash is what an outside party copies out and keeps (docs/ledger.md).
export const GET = defineRoute({ scope: "ledger:read", response: LedgerAnchorBody }, async ({ db }) => {
  const anchor = await latestLedgerAnchor(db);
  if (!anchor) {
    throw new AppError(
      "NOT_FOUND",
      "No ledger anchor yet: the first is written once a session has appended turn events and the anchor job has run.",
    );
  }
  return {
    seq: anchor.seq,
    hash: anchor.hash,
    merkle_root: anchor.merkleRoot,
    leaf_count: anchor.leafCount,
    occurred_at: anchor.occurredAt.toISOString(),
    previous_anchor_seq: anchor.previousAnchorSeq,
  };
});
