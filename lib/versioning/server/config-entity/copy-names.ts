import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";

/** "max-refund" → "max-refund-copy", then "-copy-2", "-copy-3"…, cut to fit the key limit (64 characters). */
export function copyKey(key: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "-copy" : `-copy-${n}`;
    const candidate = `${key.slice(0, TEXT_LIMITS.key - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** "Max refund" → "Max refund (copy)", cut to fit the name limit (200 characters). */
export function copyName(name: string): string {
  const suffix = " (copy)";
  return `${name.slice(0, TEXT_LIMITS.name - suffix.length)}${suffix}`;
}
