#!/usr/bin/env bash
# The import boundaries live in biome.json (overrides for lib/engine and db). `npm run lint` applies
# them to the tree; this script proves they are live: a probe file that breaks each rule must fail.
set -euo pipefail
cd "$(dirname "$0")/.."
probe_dir=lib/engine/__boundary_probe__
db_probe=db/__boundary_probe__.ts
trap 'rm -rf "$probe_dir" "$db_probe"' EXIT
mkdir -p "$probe_dir"
cat >"$probe_dir/probe.ts" <<'TS'
import { headers } from "next/headers";
import { useState } from "react";
import { getDb } from "@/lib/server/db";
import { agents } from "@/db/schema";
export const probe = [headers, useState, getDb, agents, process.env.PROBE];
TS
cat >"$db_probe" <<'TS'
import { runTurn } from "@/lib/engine/pipeline/run-turn";
export const probe = runTurn;
TS
out=$(npx biome lint "$probe_dir" "$db_probe" 2>&1 || true)
want=(
  "probe.ts:1:.*noRestrictedImports"
  "probe.ts:2:.*noRestrictedImports"
  "probe.ts:3:.*noRestrictedImports"
  "probe.ts:4:.*noRestrictedImports"
  "probe.ts:5:.*noProcessEnv"
  "__boundary_probe__.ts:1:.*noRestrictedImports"
)
for pattern in "${want[@]}"; do
  if ! grep -qE "$pattern" <<<"$out"; then
    echo "boundary check: the rule expected at '$pattern' did not fire" >&2
    exit 1
  fi
done
echo "boundaries: 6 of 6 probe violations caught (lib/engine: next, react, lib/server, db, process.env; db: engine)"
