import { sql } from "drizzle-orm";
import { NextResponse } from "next/server";
import { getDatabaseHandle } from "@/lib/server/db";
import { loggableError } from "@/lib/server/loggable-error";
import packageJson from "@/package.json";

// No auth: load balancers and Playwright's webServer wait on it. It proves the database answers.
export async function GET() {
  try {
    const { db, dialect } = await getDatabaseHandle();
    await db.execute(sql`select 1`);
    return NextResponse.json({ status: "ok", db: dialect, version: packageJson.version });
  } catch (error) {
    console.error("[health] database check failed", loggableError(error));
    return NextResponse.json(
      { status: "unavailable", db: null, version: packageJson.version, message: "database unreachable" },
      { status: 503 },
    );
  }
}
