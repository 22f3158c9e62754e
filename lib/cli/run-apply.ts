import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "@/db/client";
import { DataDirLockedError } from "@/db/data-dir-lock";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { describePlan } from "@/lib/config-as-code/config-plan";
import { applyConfig } from "@/lib/config-as-code/server/apply-config";
import { AppError } from "@/lib/server/errors";
import type { CliDeps } from "./cli-deps";
import { readJsonFile } from "./read-json-file";

export interface ApplyCommand {
  command: "apply";
  file: string;
  /** The agent to change; the bundle's `agent.key` unless told. */
  agent?: string;
  /** Apply the plan; without it the plan is only printed. */
  yes: boolean;
}

const ACTOR = { kind: "system" as const, name: "cli", id: null };

/** Exit codes of `focal apply`: nothing to do or applied, a plan left unapplied, an error. */
const EXIT = { done: 0, failed: 1, planned: 2 } as const;

/**
 * `focal apply <bundle> [--agent key] [--yes]`: prints the plan (one line per entity change, then the
 * counts) from the agent's configuration to the bundle's; with --yes applies it in one transaction.
 */
export async function runApply(command: ApplyCommand, deps: CliDeps): Promise<number> {
  const read = await readJsonFile(command.file, deps.stderr);
  if (!read) return EXIT.failed;
  let handle: DatabaseHandle | undefined;
  try {
    handle = await deps.openDatabase();
    const outcome = await applyConfig(handle.db, read.json, {
      agentKey: command.agent,
      apply: command.yes,
      actor: ACTOR,
      requestId: `cli-${randomUUID()}`,
      policies: SAVE_POLICIES,
    });
    const { agentKey, plan, from, to } = outcome;
    if (plan.length === 0) {
      deps.stdout(`No changes: "${agentKey}" at config version ${from} already matches ${command.file}.\n`);
      return EXIT.done;
    }
    deps.stdout(`Plan for "${agentKey}" at config version ${from}:\n${describePlan(plan)}`);
    if (!outcome.applied) {
      deps.stdout("Not applied. Run again with --yes to apply it.\n");
      return EXIT.planned;
    }
    deps.stdout(`Applied: config version ${from} → ${to}.\n`);
    return EXIT.done;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      deps.stderr(`${error.message}\n`);
      return EXIT.failed;
    }
    if (error instanceof AppError && error.httpStatus < 500) {
      deps.stderr(`${command.file}: ${error.message}${command.yes ? " Nothing was applied." : ""}\n`);
      for (const issue of error.issues ?? []) deps.stderr(`  ${issue.path}: ${issue.message}\n`);
      for (const ref of error.details?.references ?? [])
        deps.stderr(`  used by ${ref.kind} ${ref.key} (${ref.field})\n`);
      return EXIT.failed;
    }
    throw error;
  } finally {
    await handle?.close();
  }
}
