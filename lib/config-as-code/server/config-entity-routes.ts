import "server-only";
import type { z } from "zod";
import type { Database } from "@/db/types";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { ForceTestsReason } from "@/lib/versioning/agent-at-version";
import type { ConfigChangeRequest } from "@/lib/versioning/server/change-agent-config";
import type { EntityOutcome } from "@/lib/versioning/server/config-entity/config-entity";
import type { SavePolicy } from "@/lib/versioning/server/save-policy";
import {
  CONFIG_KINDS,
  ConfigAgentParams,
  ConfigEntityParams,
  type ConfigKind,
  configETag,
  configKindBodies,
  parseIfMatch,
} from "../config-kinds";

/** What REST needs of a kind's `configEntity` (rule-entity.ts, …): its list, its key, its saves. */
export interface EntityOps<T> {
  keyOf: (value: T) => string;
  listOf: (bundle: Bundle) => readonly T[];
  outcomes: {
    create: (db: Database, request: ConfigChangeRequest, draft: T) => Promise<EntityOutcome<T, unknown>>;
    update: (db: Database, request: ConfigChangeRequest, key: string, draft: T) => Promise<EntityOutcome<T, unknown>>;
    delete: (db: Database, request: ConfigChangeRequest, key: string) => Promise<EntityOutcome<T, unknown>>;
  };
}

/**
 * A REST write's change request: the agent, who, and the version `If-Match` names (a moved-on agent
 * answers 412 PRECONDITION_FAILED); without If-Match the write applies at the current version.
 * `policies`: the save's checks, handed in by the route (lib/boot/save-policies.ts).
 */
export function restChangeRequest(
  ctx: { request: Request; actor: Actor; requestId: string },
  agentKey: string,
  policies: readonly SavePolicy[],
): ConfigChangeRequest {
  const ifMatch = parseIfMatch(ctx.request.headers.get("if-match"));
  if (!ifMatch) throw new AppError("BAD_REQUEST", 'If-Match takes one config_version, e.g. If-Match: "7".');
  const { actor, requestId } = ctx;
  return {
    agentKey,
    expectedVersion: ifMatch.expected,
    stale: "PRECONDITION_FAILED",
    actor,
    requestId,
    policies,
    ...testsGateReason(ctx.request.headers.get(TESTS_GATE_REASON_HEADER)),
  };
}

/** Saving past a blocking test gate over REST: this header's reason, into draft only (as a designer). */
const TESTS_GATE_REASON_HEADER = "focal-tests-gate-reason";

function testsGateReason(header: string | null): Pick<ConfigChangeRequest, "role" | "forceTests"> {
  if (header === null) return {};
  const reason = ForceTestsReason.safeParse(header);
  if (!reason.success) {
    throw new AppError("VALIDATION", "The test gate's reason is empty.", [
      { path: TESTS_GATE_REASON_HEADER, message: reason.error.issues[0]?.message ?? "Say why" },
    ]);
  }
  return { role: "designer", forceTests: { reason: reason.data } };
}

export const etagHeader = (version: number) => ({ etag: configETag(version) });

/**
 * The five routes of one kind of configuration entity, driven by its `configEntity`: list and create
 * at `/agents/{key}/<kind>`, read, replace and delete at `/agents/{key}/<kind>/{entity_key}`. Writes go
 * through the editors' path (same checks, same errors, one config version and one CONFIG_CHANGED event
 * each, the tests gate); reads need `config:read`, writes `config:write`. Every answer carries the
 * agent's config_version in its body and as `ETag`. `schema` is the kind's bundle schema
 * (`CONFIG_KINDS[kind].schema`), passed along so that it and `ops` are checked to hold the same values;
 * `policies` are the checks every write runs through (lib/boot/save-policies.ts).
 */
export function configEntityRoutes<T>(
  kind: ConfigKind,
  schema: z.ZodType<T>,
  ops: EntityOps<T>,
  policies: readonly SavePolicy[],
) {
  const { entity, list: listName } = CONFIG_KINDS[kind];
  const bodies = configKindBodies(kind);
  const written = (outcome: EntityOutcome<T, unknown>) => ({
    config_version: outcome.config_version,
    changed: outcome.changed,
    [entity]: outcome.value,
  });

  const list = defineRoute(
    { scope: "config:read", params: ConfigAgentParams, response: bodies.list },
    async ({ db, params, reply }) => {
      const { agent, bundle } = await readAgentConfig(db, params.key);
      const body = { config_version: agent.configVersion, [listName]: ops.listOf(bundle) };
      return reply(200, body, etagHeader(agent.configVersion));
    },
  );

  const create = defineRoute(
    { scope: "config:write", params: ConfigAgentParams, body: schema, response: { 201: bodies.written } },
    async ({ db, params, body, reply, ...ctx }) => {
      const outcome = await ops.outcomes.create(db, restChangeRequest(ctx, params.key, policies), body);
      return reply(201, written(outcome), etagHeader(outcome.config_version));
    },
  );

  const get = defineRoute(
    { scope: "config:read", params: ConfigEntityParams, response: bodies.one },
    async ({ db, params, reply }) => {
      const { agent, bundle } = await readAgentConfig(db, params.key);
      const value = ops.listOf(bundle).find((item) => ops.keyOf(item) === params.entity_key);
      if (!value)
        throw new AppError("NOT_FOUND", `${agent.name} has no ${entity.replace("_", " ")} "${params.entity_key}".`);
      return reply(200, { config_version: agent.configVersion, [entity]: value }, etagHeader(agent.configVersion));
    },
  );

  const put = defineRoute(
    { scope: "config:write", params: ConfigEntityParams, body: schema, response: bodies.written },
    async ({ db, params, body, reply, ...ctx }) => {
      const request = restChangeRequest(ctx, params.key, policies);
      const outcome = await ops.outcomes.update(db, request, params.entity_key, body);
      return reply(200, written(outcome), etagHeader(outcome.config_version));
    },
  );

  const remove = defineRoute(
    { scope: "config:write", params: ConfigEntityParams, response: bodies.deleted },
    async ({ db, params, reply, ...ctx }) => {
      const outcome = await ops.outcomes.delete(db, restChangeRequest(ctx, params.key, policies), params.entity_key);
      const body = { config_version: outcome.config_version, changed: true as const, deleted: params.entity_key };
      return reply(200, body, etagHeader(outcome.config_version));
    },
  );

  return { list, create, get, put, remove };
}
