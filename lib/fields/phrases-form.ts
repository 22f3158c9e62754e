import { PhraseName } from "@/lib/engine/contracts/bundle";

// A phrases variable's names as the editor checks them while typing, with the bundle's own schema. A
// blank row is one still being filled: the save drops it, so it is not an error here.

/** Why the name would be refused, or null. */
export function phraseProblem(name: string): string | null {
  if (name.trim() === "") return null;
  const result = PhraseName.safeParse(name.trim());
  return result.success ? null : (result.error.issues[0]?.message ?? "Not valid");
}
