import "server-only";
import { profileFieldIdByName, variableIdByName } from "@/db/queries/fields";
import type { AgentRow, Transaction } from "@/db/types";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import type { ProfileField, ResponseVariable } from "@/lib/fields/field-action-schemas";
import { AppError } from "@/lib/server/errors";

/** The profile field with this name, as its row id and in bundle form; NOT_FOUND otherwise. */
export async function findProfileField(
  tx: Transaction,
  agent: AgentRow,
  bundle: Bundle,
  name: string,
): Promise<{ id: string; field: ProfileField }> {
  const field = bundle.profile_fields.find((f) => f.field_name === name);
  const id = await profileFieldIdByName(tx, agent.id, name);
  if (!field || !id) throw new AppError("NOT_FOUND", `${agent.name} has no profile field "${name}"; reload the page.`);
  return { id, field };
}

/** The response variable with this name, as its row id and in bundle form; NOT_FOUND otherwise. */
export async function findVariable(
  tx: Transaction,
  agent: AgentRow,
  bundle: Bundle,
  name: string,
): Promise<{ id: string; variable: ResponseVariable }> {
  const variable = bundle.variables.find((v) => v.name === name);
  const id = await variableIdByName(tx, agent.id, name);
  if (!variable || !id) {
    throw new AppError("NOT_FOUND", `${agent.name} has no response variable "${name}"; reload the page.`);
  }
  return { id, variable };
}
