import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";

/**
 * "lookup_order" → "lookup_order_copy", then "_copy_2", "_copy_3"…, cut to fit 64 characters. The
 * separator follows the key's own style: "-" for a key written with hyphens ("order-lookup-copy").
 */
export function copyToolKey(key: string, taken: ReadonlySet<string>): string {
  const separator = key.includes("-") && !key.includes("_") ? "-" : "_";
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? `${separator}copy` : `${separator}copy${separator}${n}`;
    const candidate = `${key.slice(0, TEXT_LIMITS.key - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
