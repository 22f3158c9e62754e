import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { OptionCandidate } from "./continuity-state";

// The canonical fingerprint payload (docs/continuity.md#resolution): every listed field, canonical JSON (RFC 8785:
// stable key order), every array sorted, volatile fields (timestamps, random ids, latency) omitted, SHA-256.

export interface EvidencePack {
  scopeBinding: {
    activeScope: string;
    chatOptionSetId: string | null;
    widgetId?: string;
    dashboardId?: string;
    workspaceId?: string;
  };
  activeOptionSetId: string | null;
  candidates: OptionCandidate[];
  /** Enriched evidence blocks included in the turn, as text; hashed into excerptHashes. */
  excerpts: string[];
  continuitySchemaVersion: number;
}

export const CONTINUITY_SCHEMA_VERSION = 1;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function fingerprintPayload(pack: EvidencePack) {
  const candidates = [...pack.candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    scopeBinding: pack.scopeBinding,
    activeOptionSetId: pack.activeOptionSetId,
    candidateIds: candidates.map((c) => c.id),
    candidateSignatures: candidates.map((c) => ({
      id: c.id,
      labelNormalized: normalizeLabel(c.label),
      sublabel: c.sublabel ?? null,
      type: c.type ?? null,
    })),
    excerptHashes: pack.excerpts.map(sha256).sort(),
    continuitySchemaVersion: pack.continuitySchemaVersion,
  };
}

export function evidenceFingerprint(pack: EvidencePack): string {
  return sha256(canonicalize(fingerprintPayload(pack)) ?? "");
}

export function normalizeLabel(label: string): string {
  return label
    .normalize("NFKC")
    .toLowerCase()
    .replace(/([a-z])\s+(\d)/g, "$1$2")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
