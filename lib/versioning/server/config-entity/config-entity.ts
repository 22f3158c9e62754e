import "server-only";
import type { AgentRow, Database, Transaction } from "@/db/types";
import { type ConfigReference, describeReferences, referencesTo } from "@/lib/bundles/config-references";
import type { EntityFieldDiff } from "@/lib/bundles/entity-field-diff";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";
import type { ConfigEntity as EntityName } from "@/lib/versioning/config-change-payload";
import { type ConfigChange, type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";

/** One stored entity: its bundle form, and whatever its writes need (a row id, step rows). */
export interface StoredEntity<T> {
  value: T;
}

/** What one save leaves for the action's answer: the entity as saved (null: deleted) and `afterWrite`'s value. */
export interface EntityOutcome<T, X> {
  config_version: number;
  changed: boolean;
  value: T | null;
  extra: X;
}

/**
 * What differs between rules, scenarios, tools, profile fields and response variables: where the rows
 * are, the key, the checks against the whole agent, the ledger diff, the answer. The sequence of every
 * save — lock at the loaded version, find, diff, check, write, one CONFIG_CHANGED event — is
 * `configEntity`'s, once, on top of `changeAgentConfig`.
 *
 * `E`: what an edit carries beside the entity (a scenario's step renames). `X`: what `afterWrite`
 * returns (the profile schema version a profile field save bumps).
 */
export interface ConfigEntityDescriptor<T, S extends StoredEntity<T>, R, E = undefined, X = undefined> {
  /** The CONFIG_CHANGED payload's `entity`. */
  entity: Exclude<EntityName, "settings">;
  /** Its key among its kind in the agent: a rule's `key`, a variable's `name`. */
  keyOf: (value: T) => string;
  /** Its kind's list in the bundle: the keys a copy must not take. */
  listOf: (bundle: Bundle) => readonly T[];
  /** The stored entity under this key; NOT_FOUND otherwise (deleted or renamed in another tab). */
  find: (tx: Transaction, agent: AgentRow, bundle: Bundle, key: string) => Promise<S>;
  /** The ledger's field-level diff: `before` null for a new entity, `after` null for a deleted one. */
  diff: (before: T | null, after: T | null) => EntityFieldDiff;
  /** An edit's diff where the edit carries more than the entity; it may refuse that extra (VALIDATION). */
  diffEdit?: (stored: S, value: T, edit: E) => EntityFieldDiff;
  /** The draft as it is stored (a tool's canonical field order), before anything is checked. */
  canonical?: (draft: T) => T;
  /** Throws VALIDATION with field errors when `value` does not fit the agent; `replacing`: the stored one. */
  assertFits: (bundle: Bundle, value: T, replacing: S | null, edit: E) => void;
  /**
   * Throws while something in the agent still refers to the entity (beside the references every delete
   * checks, `referencesTo`); the delete answers IN_USE with its message.
   */
  assertDeletable?: (bundle: Bundle, stored: S) => void;
  insert: (tx: Transaction, agent: AgentRow, value: T) => Promise<void>;
  update: (tx: Transaction, agent: AgentRow, stored: S, value: T, edit: E) => Promise<void>;
  remove: (tx: Transaction, stored: S) => Promise<void>;
  /** The table's enabled switch; absent where the kind has none. */
  setEnabled?: { of: (value: T) => boolean; with: (value: T, enabled: boolean) => T; write: SwitchWrite<S> };
  /** The copy of `source` under a key not in `taken`; absent where the kind cannot be duplicated. */
  copy?: (source: T, taken: ReadonlySet<string>) => T;
  /** Runs after each row write, in the same transaction; `unchangedExtra` is its value when nothing is written. */
  afterWrite?: (tx: Transaction, agent: AgentRow) => Promise<X>;
  unchangedExtra?: (agent: AgentRow) => X;
  /** The action's answer (`{ config_version, changed, rule }`…). */
  reply: (outcome: EntityOutcome<T, X>) => R;
}

/** A kind stored as one row: where its entities are in the bundle, how its row is found and written. */
interface OneRowKind<T, C> {
  keyOf: (value: T) => string;
  listOf: (bundle: Bundle) => readonly T[];
  find: {
    idOf: (tx: Transaction, agentId: string, key: string) => Promise<string | null>;
    /** "rule", "profile field": named in NOT_FOUND. */
    noun: string;
    /** "reload the rules": what NOT_FOUND tells the designer to do. */
    reload: string;
  };
  write: {
    /** The row's columns for `value` (a rule's also need the agent's scenario and tool ids). */
    columns: (value: T, tx: Transaction, agent: AgentRow) => C | Promise<C>;
    insert: (tx: Transaction, agentId: string, columns: C) => Promise<void>;
    update: (tx: Transaction, id: string, columns: C) => Promise<void>;
    remove: (tx: Transaction, id: string) => Promise<void>;
  };
}

/**
 * The key, find and writes of a kind stored as one row (rules, tools, profile fields, response
 * variables): find gives the entity in the bundle and its row id, or NOT_FOUND naming the kind and
 * what to reload; the writes turn the entity into the row's columns.
 */
export function oneRow<T, C>({ keyOf, listOf, find, write }: OneRowKind<T, C>) {
  return {
    keyOf,
    listOf,
    find: async (tx: Transaction, agent: AgentRow, bundle: Bundle, key: string) => {
      const value = listOf(bundle).find((item) => keyOf(item) === key);
      const id = await find.idOf(tx, agent.id, key);
      if (!value || !id) throw new AppError("NOT_FOUND", `${agent.name} has no ${find.noun} "${key}"; ${find.reload}.`);
      return { id, value };
    },
    insert: async (tx: Transaction, agent: AgentRow, value: T) =>
      write.insert(tx, agent.id, await write.columns(value, tx, agent)),
    update: async (tx: Transaction, agent: AgentRow, stored: { id: string }, value: T) =>
      write.update(tx, stored.id, await write.columns(value, tx, agent)),
    remove: (tx: Transaction, stored: { id: string }) => write.remove(tx, stored.id),
  };
}

type SwitchWrite<S> = (tx: Transaction, stored: S, enabled: boolean) => Promise<void>;

type Saved<T, X> = { value: T | null; extra: X };
type Mutation<T, X> = (
  tx: Transaction,
  agent: AgentRow,
  bundle: Bundle,
) => Promise<ConfigChange<Saved<T, X>> | { unchanged: Saved<T, X> }>;

// The steps every operation shares, on any descriptor (its answer type does not matter to them).
type Descriptor<T, S extends StoredEntity<T>, E, X> = ConfigEntityDescriptor<T, S, unknown, E, X>;

/** The entity as written, with what `afterWrite` returns in the same transaction. */
async function written<T, S extends StoredEntity<T>, E, X>(
  d: Descriptor<T, S, E, X>,
  tx: Transaction,
  agent: AgentRow,
  value: T | null,
): Promise<Saved<T, X>> {
  return { value, extra: d.afterWrite ? await d.afterWrite(tx, agent) : (undefined as X) };
}

/** A new entity (created or copied): checked as one the agent does not have yet, then written. */
async function added<T, S extends StoredEntity<T>, E, X>(
  d: Descriptor<T, S, E, X>,
  tx: Transaction,
  agent: AgentRow,
  bundle: Bundle,
  value: T,
) {
  d.assertFits(bundle, value, null, undefined as E);
  await d.insert(tx, agent, value);
  return { key: d.keyOf(value), diff: d.diff(null, value), result: await written(d, tx, agent, value) };
}

function unchanged<T, S extends StoredEntity<T>, E, X>(d: Descriptor<T, S, E, X>, agent: AgentRow, value: T) {
  return { unchanged: { value, extra: d.unchangedExtra ? d.unchangedExtra(agent) : (undefined as X) } };
}

/**
 * Replaces the entity loaded as `loadedKey` (a new key renames it; its id stays, so what points at
 * it still does). A save that changes no field writes nothing and keeps the version.
 */
function updating<T, S extends StoredEntity<T>, E, X>(
  d: Descriptor<T, S, E, X>,
  loadedKey: string,
  value: T,
  edit: E,
): Mutation<T, X> {
  return async (tx, agent, bundle) => {
    const stored = await d.find(tx, agent, bundle, loadedKey);
    const diff = d.diffEdit ? d.diffEdit(stored, value, edit) : d.diff(stored.value, value);
    if (Object.keys(diff).length === 0) return unchanged(d, agent, stored.value);
    d.assertFits(bundle, value, stored, edit);
    await d.update(tx, agent, stored, value, edit);
    const key = d.keyOf(value);
    const previous_key = key === loadedKey ? undefined : loadedKey;
    const result = await written(d, tx, agent, value);
    return { entity: d.entity, key, action: "updated", diff, previous_key, result };
  };
}

/**
 * The enabled switch. Not re-validated: switching off must work even when something the entity
 * refers to is broken, and `enabled` takes part in no reference or CEL check.
 */
function switching<T, S extends StoredEntity<T>, E, X>(
  d: Descriptor<T, S, E, X>,
  key: string,
  enabled: boolean,
): Mutation<T, X> {
  const { setEnabled } = d;
  if (!setEnabled) throw new Error(`${d.entity} has no enabled switch`);
  return async (tx, agent, bundle) => {
    const stored = await d.find(tx, agent, bundle, key);
    if (setEnabled.of(stored.value) === enabled) return unchanged(d, agent, stored.value);
    const value = setEnabled.with(stored.value, enabled);
    await setEnabled.write(tx, stored, enabled);
    const result = await written(d, tx, agent, value);
    const action = enabled ? "enabled" : "disabled";
    return { entity: d.entity, key, action, diff: d.diff(stored.value, value), result };
  };
}

/**
 * A delete refused while something refers to the entity: IN_USE (409) with every reference, in the
 * descriptor's own words when its check refused (`refusal`), else naming the references.
 */
function inUse(entity: string, key: string, references: ConfigReference[], refusal: AppError | null): AppError {
  if (refusal) return new AppError("IN_USE", refusal.message, refusal.issues, { references });
  const noun = entity.replace("_", " ");
  return new AppError(
    "IN_USE",
    `The ${noun} "${key}" is used by ${describeReferences(references)}: change those first, then delete the ${noun}. Nothing was deleted.`,
    undefined,
    { references },
  );
}

/** Deletes the stored entity unless something in the agent (or one of its tests) still refers to it. */
function deleting<T, S extends StoredEntity<T>, E, X>(d: Descriptor<T, S, E, X>, key: string): Mutation<T, X> {
  return async (tx, agent, bundle) => {
    const stored = await d.find(tx, agent, bundle, key);
    const references = referencesTo(bundle, d.entity, key);
    try {
      d.assertDeletable?.(bundle, stored);
    } catch (refusal) {
      throw refusal instanceof AppError ? inUse(d.entity, key, references, refusal) : refusal;
    }
    if (references.length > 0) throw inUse(d.entity, key, references, null);
    await d.remove(tx, stored);
    const result = await written(d, tx, agent, null);
    return { entity: d.entity, key, action: "deleted", diff: d.diff(stored.value, null), result };
  };
}

/** create, update, duplicate, delete and set-enabled of one kind of entity, each one config version. */
export function configEntity<T, S extends StoredEntity<T>, R, E = undefined, X = undefined>(
  d: ConfigEntityDescriptor<T, S, R, E, X>,
) {
  async function run(db: Database, request: ConfigChangeRequest, mutate: Mutation<T, X>): Promise<EntityOutcome<T, X>> {
    const outcome = await changeAgentConfig(db, request, mutate);
    // A dry run (request.draft) rolls back and hands back no entity.
    const saved = outcome.result ?? { value: null, extra: undefined as X };
    return { config_version: outcome.config_version, changed: outcome.changed, ...saved };
  }
  const canonical = (draft: T) => (d.canonical ? d.canonical(draft) : draft);

  /** Each operation's outcome: the entity as saved (null: deleted), the version, whether anything changed. */
  const outcomes = {
    /** Adds the entity: checked against the agent, one new config version. */
    create: (db: Database, request: ConfigChangeRequest, draft: T) =>
      run(db, request, async (tx, agent, bundle) => ({
        entity: d.entity,
        action: "created",
        ...(await added(d, tx, agent, bundle, canonical(draft))),
      })),

    update: (db: Database, request: ConfigChangeRequest, loadedKey: string, draft: T, edit?: E) =>
      run(db, request, updating(d, loadedKey, canonical(draft), edit as E)),

    /** Copies the entity under a fresh key, checked as a new one. */
    duplicate: (db: Database, request: ConfigChangeRequest, sourceKey: string) => {
      const { copy } = d;
      if (!copy) throw new Error(`${d.entity} has no duplicate`);
      return run(db, request, async (tx, agent, bundle) => {
        const source = await d.find(tx, agent, bundle, sourceKey);
        const value = copy(source.value, new Set(d.listOf(bundle).map(d.keyOf)));
        const change = await added(d, tx, agent, bundle, value);
        return { entity: d.entity, action: "duplicated", source_key: sourceKey, ...change };
      });
    },

    /**
     * Deletes the entity. The ledger event keeps every field's last value, so the history shows what
     * was removed and a designer can re-create it.
     */
    delete: (db: Database, request: ConfigChangeRequest, key: string) => run(db, request, deleting(d, key)),

    setEnabled: (db: Database, request: ConfigChangeRequest, key: string, enabled: boolean) =>
      run(db, request, switching(d, key, enabled)),
  };
  type Outcomes = typeof outcomes;
  const answered =
    <A extends unknown[]>(op: (...args: A) => Promise<EntityOutcome<T, X>>) =>
    async (...args: A): Promise<R> =>
      d.reply(await op(...args));

  return {
    /** The key of a value and the kind's list in a bundle (REST, `focal apply`). */
    keyOf: d.keyOf,
    listOf: d.listOf,
    outcomes,
    // The editors' answers (`{ config_version, changed, rule }`…), in the descriptor's shape.
    create: answered<Parameters<Outcomes["create"]>>(outcomes.create),
    update: answered<Parameters<Outcomes["update"]>>(outcomes.update),
    duplicate: answered<Parameters<Outcomes["duplicate"]>>(outcomes.duplicate),
    delete: answered<Parameters<Outcomes["delete"]>>(outcomes.delete),
    setEnabled: answered<Parameters<Outcomes["setEnabled"]>>(outcomes.setEnabled),
  };
}
