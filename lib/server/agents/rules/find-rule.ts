import "server-only";
import { and, eq } from "drizzle-orm";
import { type AgentRow, rules } from "@/db/schema";
import type { Transaction } from "@/db/types";
import type { Bundle, BundleRule } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";

/** The rule with this key, both as its row id and in bundle form (keys, not ids); NOT_FOUND otherwise. */
export async function findRule(
  tx: Transaction,
  agent: AgentRow,
  bundle: Bundle,
  key: string,
): Promise<{ id: string; rule: BundleRule }> {
  const rule = bundle.rules.find((r) => r.key === key);
  const [row] = await tx
    .select({ id: rules.id })
    .from(rules)
    .where(and(eq(rules.agentId, agent.id), eq(rules.key, key)));
  if (!rule || !row) throw new AppError("NOT_FOUND", `${agent.name} has no rule "${key}"; reload the rules.`);
  return { id: row.id, rule };
}
