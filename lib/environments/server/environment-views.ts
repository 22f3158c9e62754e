import "server-only";
import { listEnvironments, promotionRunning } from "@/db/queries/environments";
import type { AgentEnvironmentRow, AgentRow, DbOrTx } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import { type EnvironmentBody, type EnvironmentList, PRODUCTION } from "../environment-schemas";

/** What an environment serves outside a split: its pin, or the latest version when it has none. */
export function servedVersion(row: Pick<AgentEnvironmentRow, "pinnedVersion"> | null, agent: AgentRow): number {
  return row?.pinnedVersion ?? agent.configVersion;
}

function environmentBody(
  name: string,
  row: AgentEnvironmentRow | null,
  agent: AgentRow,
  promoting: boolean,
): EnvironmentBody {
  return {
    name,
    pinned_version: row?.pinnedVersion ?? null,
    serves_version: servedVersion(row, agent),
    split:
      row?.splitArms && row.splitStartedAt
        ? { arms: row.splitArms, started_at: row.splitStartedAt.toISOString() }
        : null,
    promotion_running: promoting,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/** Production first (it exists before its first pin), then the others in the order they were made. */
export async function environmentList(db: DbOrTx, agent: AgentRow): Promise<EnvironmentList> {
  const rows = await listEnvironments(db, agent.id);
  const production = rows.find((row) => row.name === PRODUCTION) ?? null;
  const named: [string, AgentEnvironmentRow | null][] = [
    [PRODUCTION, production],
    ...rows.filter((row) => row.name !== PRODUCTION).map((row): [string, AgentEnvironmentRow] => [row.name, row]),
  ];
  const environments = await Promise.all(
    named.map(async ([name, row]) => environmentBody(name, row, agent, await promotionRunning(db, agent.id, name))),
  );
  return { latest_version: agent.configVersion, environments };
}

export async function environmentView(db: DbOrTx, agent: AgentRow, name: string): Promise<EnvironmentBody> {
  const found = (await environmentList(db, agent)).environments.find((env) => env.name === name);
  if (!found) throw new AppError("NOT_FOUND", `The agent has no environment "${name}".`);
  return found;
}
