import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { canonicalSha256 } from "@/lib/engine/replay/request-hash";
import { env } from "@/lib/env";
import { ensureAuthSecret } from "@/lib/server/instance-secret";
import type { ImpactPreviewStamp } from "@/lib/versioning/agent-at-version";
import type { SavePolicy } from "@/lib/versioning/server/save-policy";

export type PreviewCounts = Omit<ImpactPreviewStamp, "token">;

/** The draft's identity: its configuration without the version number it would get. */
function draftSha256(snapshot: AgentSnapshot): string {
  const { configVersion: _version, ...config } = snapshot;
  return canonicalSha256(config);
}

async function sign(db: DbOrTx, agentKey: string, baseVersion: number, draft: string, counts: PreviewCounts) {
  // Keyed with the instance secret (shared by every instance), so any instance can check a stamp.
  const secret = await ensureAuthSecret(db, env().FOCAL_AUTH_SECRET);
  return createHmac("sha256", `impact-preview:${secret}`)
    .update(canonicalSha256({ agentKey, baseVersion, draft, counts }))
    .digest("hex");
}

/** Signs a preview's counts for the draft it measured, so the save can record them. */
export async function stampPreview(
  db: DbOrTx,
  agentKey: string,
  baseVersion: number,
  snapshot: AgentSnapshot,
  counts: PreviewCounts,
): Promise<ImpactPreviewStamp> {
  return { ...counts, token: await sign(db, agentKey, baseVersion, draftSha256(snapshot), counts) };
}

/**
 * The counts of a stamp, if it was signed here for exactly this draft on this base version; null
 * otherwise (the draft was edited after the preview, or the stamp was made up).
 */
async function verifiedPreview(
  db: DbOrTx,
  stamp: ImpactPreviewStamp,
  agentKey: string,
  baseVersion: number,
  snapshot: AgentSnapshot,
): Promise<PreviewCounts | null> {
  const { token, ...counts } = stamp;
  const expected = await sign(db, agentKey, baseVersion, draftSha256(snapshot), counts);
  const ok = timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(token, "hex"));
  return ok ? counts : null;
}

/**
 * The stamp as a save policy: a save that carries one records the counts as `impact_preview` if the
 * stamp was signed for exactly the kept draft on the version the save started from.
 */
export const impactPreviewPolicy: SavePolicy = {
  async open(_tx, _agent, request) {
    const stamp = request.impactPreview;
    if (!stamp) return null;
    return async (tx, { agent, snapshot }) => {
      const preview = await verifiedPreview(tx, stamp, agent.key, agent.configVersion, snapshot);
      return preview ? { impact_preview: preview } : null;
    };
  },
};
