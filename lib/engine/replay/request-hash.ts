import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

/** SHA-256 (hex) of the RFC 8785 canonical JSON of a value: equal requests hash equal whatever their key order. */
export function canonicalSha256(value: unknown): string {
  return createHash("sha256")
    .update(canonicalize(value ?? null) ?? "null")
    .digest("hex");
}
