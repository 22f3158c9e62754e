import { NextResponse } from "next/server";
import type { z } from "zod";
import { pingDatabase } from "@/db/queries/health";
import type { Database } from "@/db/types";
import { scopesAllow } from "@/lib/identity/roles";
import type { HealthBody } from "@/lib/openapi/response-schemas";
import { authenticateApiKey } from "@/lib/server/auth/api-keys";
import { getDatabaseHandle } from "@/lib/server/db";
import { loggableError } from "@/lib/server/loggable-error";
import { getOperatorFromHeaders } from "@/lib/server/principal";
import { otelCounters } from "@/lib/server/telemetry/otel-export";
import packageJson from "@/package.json";

// No auth: load balancers and Playwright's webServer wait on it. It proves the database answers.
// An admin (an admin-scoped API key, or a signed-in admin) also gets `detail`: the trace export's
// counters. Anyone else gets the plain probe; a bad key is not an error here. Outside defineRoute (no
// auth), so both bodies are held to HealthBody, the schema the OpenAPI document draws, by `satisfies`.
export async function GET(request: Request) {
  try {
    const { db, dialect } = await getDatabaseHandle();
    await pingDatabase(db);
    const detail = (await isAdmin(request, db as Database)) ? { telemetry: { otel: otelCounters() } } : null;
    return NextResponse.json({
      status: "ok",
      db: dialect,
      version: packageJson.version,
      ...(detail ? { detail } : {}),
    } satisfies Health);
  } catch (error) {
    console.error("[health] database check failed", loggableError(error));
    return NextResponse.json(
      {
        status: "unavailable",
        db: null,
        version: packageJson.version,
        message: "database unreachable",
      } satisfies Health,
      { status: 503 },
    );
  }
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
