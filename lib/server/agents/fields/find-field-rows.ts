import "server-only";
import { and, eq } from "drizzle-orm";
import { type AgentRow, profileFieldDefinitions, responseVariableDefinitions } from "@/db/schema";
import type { Transaction } from "@/db/types";
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
  const [row] = await tx
    .select({ id: profileFieldDefinitions.id })
    .from(profileFieldDefinitions)
    .where(and(eq(profileFieldDefinitions.agentId, agent.id), eq(profileFieldDefinitions.fieldName, name)));
  if (!field || !row) throw new AppError("NOT_FOUND", `${agent.name} has no profile field "${name}"; reload the page.`);
  return { id: row.id, field };
}

/** The response variable with this name, as its row id and in bundle form; NOT_FOUND otherwise. */
export async function findVariable(
  tx: Transaction,
  agent: AgentRow,
  bundle: Bundle,
  name: string,
): Promise<{ id: string; variable: ResponseVariable }> {
  const variable = bundle.variables.find((v) => v.name === name);
  const [row] = await tx
    .select({ id: responseVariableDefinitions.id })
    .from(responseVariableDefinitions)
    .where(and(eq(responseVariableDefinitions.agentId, agent.id), eq(responseVariableDefinitions.name, name)));
  if (!variable || !row) {
    throw new AppError("NOT_FOUND", `${agent.name} has no response variable "${name}"; reload the page.`);
  }
  return { id: row.id, variable };
}
