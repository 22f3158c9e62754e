import { NextResponse } from "next/server";
import type { z } from "zod";
import { DbAcquireTimeoutError } from "@/db/pool-gate";
import { pingDatabase } from "@/db/queries/health";
import type { Database } from "@/db/types";
import { env } from "@/lib/env";
import type { HealthBody } from "@/lib/health/health-body";
import { scopesAllow } from "@/lib/identity/roles";
import { authenticateApiKey } from "@/lib/server/auth/api-keys";
import { getDatabaseHandle } from "@/lib/server/db";
import { dbFaultReply, RETRY_AFTER_SECONDS } from "@/lib/server/db-faults/db-fault-reply";
import { outageLog } from "@/lib/server/db-faults/outage-log";
import { loggableError } from "@/lib/server/loggable-error";
import { getOperatorFromHeaders } from "@/lib/server/principal";
import { otelCounters } from "@/lib/server/telemetry/otel-export";
import packageJson from "@/package.json";

// No auth: load balancers and Playwright's webServer wait on it. It proves the database answers:
// 503 {db: "unavailable"} while it does not (the ping bounded by FOCAL_DB_ACQUIRE_TIMEOUT_MS), 200 as
// soon as it does again, with one log line when the outage starts and one when it ends. An admin (an
// admin-scoped API key, or a signed-in admin) also gets `detail`: the trace export's counters. Anyone
// else gets the plain probe; a bad key is not an error here. Outside defineRoute (no auth), so both
// bodies are held to HealthBody, the schema the OpenAPI document draws, by `satisfies`.
const outage = outageLog("health");

export async function GET(request: Request) {
  try {
    const { db, dialect } = await getDatabaseHandle();
    await withTimeout(pingDatabase(db), env().FOCAL_DB_ACQUIRE_TIMEOUT_MS);
    outage.succeeded();
    const detail = (await isAdmin(request, db as Database)) ? { telemetry: { otel: otelCounters() } } : null;
    return NextResponse.json({
      status: "ok",
      db: dialect,
      version: packageJson.version,
      ...(detail ? { detail } : {}),
    } satisfies Health);
  } catch (error) {
    if (dbFaultReply(error)) outage.failed(error);
    else console.error("[health] database check failed", loggableError(error));
    return NextResponse.json(
      {
        status: "unavailable",
        db: "unavailable",
        version: packageJson.version,
        message: "database unreachable",
      } satisfies Health,
      { status: 503, headers: { "retry-after": String(RETRY_AFTER_SECONDS) } },
    );
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DbAcquireTimeoutError(ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

type Health = z.input<typeof HealthBody>;

async function isAdmin(request: Request | undefined, db: Database): Promise<boolean> {
  if (!request) return false;
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const key = match?.[1] ? await authenticateApiKey(db, match[1]) : null;
    return key !== null && scopesAllow(key.scopes, "admin");
  }
  if (!request.headers.get("cookie")) return false;
  const operator = await getOperatorFromHeaders(request.headers);
  return operator?.role === "admin";
}
