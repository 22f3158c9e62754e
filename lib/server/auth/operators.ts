import "server-only";
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import {
  deleteOperatorSessions,
  getOperator,
  insertOperatorWithCredential,
  lockAdmins,
  operatorIdByEmail,
  setOperatorDisabledFlag,
  setOperatorRole,
} from "@/db/queries/identity";
import type { Transaction } from "@/db/types";
import type { Role } from "@/lib/identity/roles";
import { AppError } from "../errors";
import { appendLedgerEvent } from "../ledger/append-ledger-event";
import type { Actor, LedgerEventType } from "../ledger/event-types";

export interface NewOperator {
  email: string;
  name: string;
  role: Role;
  password: string;
}

/** Creates the operator and its credential account the way better-auth's email sign-up would. */
export async function createOperator(
  tx: Transaction,
  input: NewOperator,
  actor: Actor,
  requestId: string,
): Promise<{ id: string }> {
  const email = input.email.toLowerCase();
  if (await operatorIdByEmail(tx, email)) {
    throw new AppError("CONFLICT", `An operator with email ${email} already exists.`, [
      { path: "email", message: "already in use" },
    ]);
  }
  const id = randomUUID();
  await insertOperatorWithCredential(
    tx,
    { id, email, name: input.name, role: input.role, emailVerified: true },
    { id: randomUUID(), password: await hashPassword(input.password) },
  );
  await appendOperatorEvent(tx, "OPERATOR_CREATED", id, { role: input.role }, { actor, requestId });
  return { id };
}

/** An operator change's ledger event: its payload names the operator, then what changed. */
async function appendOperatorEvent(
  tx: Transaction,
  type: LedgerEventType,
  operatorId: string,
  details: Record<string, unknown>,
  by: { actor: Actor; requestId: string },
): Promise<void> {
  await appendLedgerEvent(tx, { type, ...by, payload: { operator_id: operatorId, ...details } });
}

async function getOperatorOrThrow(tx: Transaction, id: string) {
  const row = await getOperator(tx, id);
  if (!row) throw new AppError("NOT_FOUND", `No operator with id ${id}.`);
  return row;
}

export async function changeOperatorRole(
  tx: Transaction,
  input: { operatorId: string; role: Role },
  actor: Actor,
  requestId: string,
): Promise<void> {
  const before = await getOperatorOrThrow(tx, input.operatorId);
  if (before.role === input.role) return;
  if (before.role === "admin") await assertAnotherActiveAdmin(tx, before.id);
  await setOperatorRole(tx, before.id, input.role);
  const diff = { role: { before: before.role, after: input.role } };
  await appendOperatorEvent(tx, "OPERATOR_ROLE_CHANGED", before.id, { diff }, { actor, requestId });
}

/** Disabling ends every session of the operator at once. */
export async function setOperatorDisabled(
  tx: Transaction,
  input: { operatorId: string; disabled: boolean },
  actor: Actor,
  requestId: string,
): Promise<void> {
  const before = await getOperatorOrThrow(tx, input.operatorId);
  if (before.disabled === input.disabled) return;
  if (input.disabled && before.role === "admin") await assertAnotherActiveAdmin(tx, before.id);
  await setOperatorDisabledFlag(tx, before.id, input.disabled);
  const endedSessions = input.disabled ? await deleteOperatorSessions(tx, before.id) : 0;
  const type = input.disabled ? "OPERATOR_DISABLED" : "OPERATOR_ENABLED";
  await appendOperatorEvent(tx, type, before.id, { ended_sessions: endedSessions }, { actor, requestId });
}

// Locking out the last admin would leave nobody able to manage operators. The admin rows are locked
// (FOR UPDATE) so two admins demoting or disabling each other at once cannot both pass the check:
// the second waits for the first to commit, then counts again.
async function assertAnotherActiveAdmin(tx: Transaction, exceptId: string): Promise<void> {
  const admins = await lockAdmins(tx);
  if (!admins.some((a) => a.id !== exceptId && !a.disabled)) {
    throw new AppError(
      "CONFLICT",
      "This is the last active admin: make another operator admin first, or nobody could manage operators.",
    );
  }
}
