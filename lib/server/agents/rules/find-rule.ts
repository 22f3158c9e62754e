import "server-only";
import { ruleIdByKey } from "@/db/queries/rules";
import type { AgentRow, Transaction } from "@/db/types";
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
  const id = await ruleIdByKey(tx, agent.id, key);
  if (!rule || !id) throw new AppError("NOT_FOUND", `${agent.name} has no rule "${key}"; reload the rules.`);
  return { id, rule };
}
