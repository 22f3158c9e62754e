#!/usr/bin/env bash
# The import boundaries live in biome.json (overrides for lib/engine, db, components, and the code outside
# db — bench/ and test/support/ included — that must reach the database through db/queries). `npm run
# lint` applies them to the tree; this script proves they are live: a probe file that breaks each rule
# must fail.
#
# lib/server is the server's shared layer: it imports no feature's server/ folder (@/lib/<feature>/server/**)
# and not the composition root (lib/boot/), which hands it what the features provide. The rule has no
# exceptions: every feature, the configuration entities included (lib/<entity>/server, the config write
# path in lib/versioning/server), lives outside lib/server, so a new import of one fails.
#
# Replay and conversation tests never import each other, and lib/versioning (versions, drafts, the config
# write path) imports neither: a save's gates are policies handed in with the request (lib/boot/save-policies.ts),
# and what replay and the tests share is pure (lib/engine/conversation-tests/suite-comparison.ts,
# lib/engine/replay/). These three rules hold for their tests too.
set -euo pipefail
cd "$(dirname "$0")/.."
probe_dir=lib/engine/__boundary_probe__
db_probe=db/__boundary_probe__.ts
server_probe_dir=lib/server/__boundary_probe__
component_probe_dir=components/__boundary_probe__
bench_probe=bench/__boundary_probe__.ts
support_probe=test/support/__boundary_probe__.ts
replay_probe_dir=lib/replay/__boundary_probe__
tests_probe_dir=lib/conversation-tests/__boundary_probe__
versioning_probe_dir=lib/versioning/__boundary_probe__
trap 'rm -rf "$probe_dir" "$db_probe" "$server_probe_dir" "$component_probe_dir" "$bench_probe" "$support_probe" "$replay_probe_dir" "$tests_probe_dir" "$versioning_probe_dir"' EXIT
mkdir -p "$probe_dir" "$server_probe_dir" "$component_probe_dir" "$replay_probe_dir" "$tests_probe_dir" "$versioning_probe_dir"
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
cat >"$server_probe_dir/feature-server.ts" <<'TS'
import { runsOfKind } from "@/lib/server/jobs/background-jobs";
import { startReplayRun } from "@/lib/replay/server/replay-runs";
import { FOCAL_JOBS } from "@/lib/boot/focal-jobs";
export const probe = [runsOfKind, startReplayRun, FOCAL_JOBS];
TS
cat >"$component_probe_dir/server-access.tsx" <<'TS'
import { getDb } from "@/lib/server/db";
import { listAgents } from "@/db/queries/agents";
import { startReplayFromRequest } from "@/lib/replay/server/start-replay-from-request";
export const probe = [getDb, listAgents, startReplayFromRequest];
TS
cat >"$bench_probe" <<'TS'
import { sql } from "drizzle-orm";
import { agents } from "@/db/schema";
export const probe = [sql, agents];
TS
cat >"$support_probe" <<'TS'
import { eq } from "drizzle-orm";
import { agents } from "@/db/schema";
export const probe = eq(agents.key, "probe");
TS
cat >"$replay_probe_dir/replay-cross.ts" <<'TS'
import { compareSuiteReports } from "@/lib/engine/conversation-tests/suite-comparison";
import { compareSuiteOnDraft } from "@/lib/conversation-tests/server/suite-comparison";
import { failureLine } from "@/lib/conversation-tests/failure-sentence";
export const probe = [compareSuiteReports, compareSuiteOnDraft, failureLine];
TS
cat >"$replay_probe_dir/replay-cross.test.ts" <<'TS'
import { sql } from "drizzle-orm";
import { testsGatePolicy } from "@/lib/conversation-tests/server/tests-gate";
export const probe = [sql, testsGatePolicy];
TS
cat >"$tests_probe_dir/tests-cross.ts" <<'TS'
import { DivergenceSchema } from "@/lib/engine/replay/divergence-schema";
import { previewImpact } from "@/lib/replay/server/preview-impact";
import { ImpactPreviewSchema } from "@/lib/replay/replay-view-schemas";
export const probe = [DivergenceSchema, previewImpact, ImpactPreviewSchema];
TS
cat >"$versioning_probe_dir/versioning-cross.ts" <<'TS'
import { keepConfigVersion } from "@/lib/versioning/server/config-versions";
import { testsGatePolicy } from "@/lib/conversation-tests/server/tests-gate";
import { impactPreviewPolicy } from "@/lib/replay/server/preview-stamp";
export const probe = [keepConfigVersion, testsGatePolicy, impactPreviewPolicy];
TS
out=$(npx biome lint --max-diagnostics=200 "$probe_dir" "$db_probe" "$server_probe_dir" "$component_probe_dir" "$bench_probe" "$support_probe" "$replay_probe_dir" "$tests_probe_dir" "$versioning_probe_dir" 2>&1 || true)
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
  "feature-server.ts:2:.*noRestrictedImports"
  "feature-server.ts:3:.*noRestrictedImports"
  "server-access.tsx:1:.*noRestrictedImports"
  "server-access.tsx:2:.*noRestrictedImports"
  "server-access.tsx:3:.*noRestrictedImports"
  "bench/__boundary_probe__.ts:1:.*noRestrictedImports"
  "bench/__boundary_probe__.ts:2:.*noRestrictedImports"
  "support/__boundary_probe__.ts:1:.*noRestrictedImports"
  "support/__boundary_probe__.ts:2:.*noRestrictedImports"
  "replay-cross.ts:2:.*noRestrictedImports"
  "replay-cross.ts:3:.*noRestrictedImports"
  "replay-cross.test.ts:2:.*noRestrictedImports"
  "tests-cross.ts:2:.*noRestrictedImports"
  "tests-cross.ts:3:.*noRestrictedImports"
  "versioning-cross.ts:2:.*noRestrictedImports"
  "versioning-cross.ts:3:.*noRestrictedImports"
)
for pattern in "${want[@]}"; do
  if ! grep -qE "$pattern" <<<"$out"; then
    echo "boundary check: the rule expected at '$pattern' did not fire" >&2
    exit 1
  fi
done
# The shared layer's own modules stay importable from lib/server; what replay and the tests share stays
# importable from both; versioning imports itself; tests keep drizzle.
for allowed in "feature-server.ts:1:" "replay-cross.ts:1:" "replay-cross.test.ts:1:" "tests-cross.ts:1:" "versioning-cross.ts:1:"; do
  if grep -qE "$allowed.*noRestrictedImports" <<<"$out"; then
    echo "boundary check: an allowed import fired a rule at '$allowed'" >&2
    exit 1
  fi
done
echo "boundaries: ${#want[@]} of ${#want[@]} probe violations caught (lib/engine: next, react, lib/server, db, drizzle-orm, process.env; db: engine; outside db: drizzle-orm, schema; lib/server: a feature's server/ folder, lib/boot; components: lib/server, a feature's server/ folder, db; bench and test/support: drizzle-orm, schema; replay and conversation tests: each other; versioning: replay, conversation tests)"
