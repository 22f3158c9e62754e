#!/usr/bin/env bash
# The import boundaries live in biome.json (overrides for lib/engine, db, and the code outside db that
# must reach the database through db/queries). `npm run lint` applies them to the tree; this script
# proves they are live: a probe file that breaks each rule must fail.
set -euo pipefail
cd "$(dirname "$0")/.."
probe_dir=lib/engine/__boundary_probe__
db_probe=db/__boundary_probe__.ts
server_probe_dir=lib/server/__boundary_probe__
trap 'rm -rf "$probe_dir" "$db_probe" "$server_probe_dir"' EXIT
mkdir -p "$probe_dir" "$server_probe_dir"
cat >"$probe_dir/probe.ts" <<'TS'
import { headers } from "next/headers";
import { useState } from "react";
import { getDb } from "@/lib/server/db";
import { agents } from "@/db/schema";
import { sql } from "drizzle-orm";
export const probe = [headers, useState, getDb, agents, sql, process.env.PROBE];
TS
cat >"$db_probe" <<'TS'
import { runTurn } from "@/lib/engine/pipeline/run-turn";
export const probe = runTurn;
TS
cat >"$server_probe_dir/db-access.ts" <<'TS'
import { eq } from "drizzle-orm";
import { agents } from "@/db/schema";
export const probe = eq(agents.key, "probe");
TS
out=$(npx biome lint "$probe_dir" "$db_probe" "$server_probe_dir" 2>&1 || true)
want=(
  "probe.ts:1:.*noRestrictedImports"
  "probe.ts:2:.*noRestrictedImports"
  "probe.ts:3:.*noRestrictedImports"
  "probe.ts:4:.*noRestrictedImports"
  "probe.ts:5:.*noRestrictedImports"
  "probe.ts:6:.*noProcessEnv"
  "__boundary_probe__.ts:1:.*noRestrictedImports"
  "db-access.ts:1:.*noRestrictedImports"
  "db-access.ts:2:.*noRestrictedImports"
)
for pattern in "${want[@]}"; do
  if ! grep -qE "$pattern" <<<"$out"; then
    echo "boundary check: the rule expected at '$pattern' did not fire" >&2
    exit 1
  fi
done
echo "boundaries: 9 of 9 probe violations caught (lib/engine: next, react, lib/server, db, drizzle-orm, process.env; db: engine; outside db: drizzle-orm, schema)"
