import "server-only";
import type { z } from "zod";
import type { AgentRow, Database } from "@/db/types";
import type { TestRunBody } from "@/lib/conversation-tests/test-run-schemas";
import type { Actor } from "@/lib/server/ledger/event-types";
import { draftFromBundle } from "@/lib/versioning/server/draft-from-bundle";
import { selectCases } from "./run-agent-suite";
import { startTestRun, type TestRunView } from "./test-runs";

/**
 * Checks a test-run request synchronously — a bundle as an import would check it (422 with
 * `config.…` paths), named cases that exist (404) — then starts the run in the background. A bundle
 * brings its own `tests`: they run against it, not the stored ones. A caller or agent with too many
 * runs open gets 429 (run-limits.ts).
 */
export async function startTestRunFromRequest(
  db: Database,
  agent: AgentRow,
  body: z.output<typeof TestRunBody>,
  ctx: { actor: Actor; requestId: string },
): Promise<TestRunView> {
  const draft = body.config !== undefined ? await draftFromBundle(db, agent, body.config, ctx) : null;
  const request = {
    suite: body.suite,
    keys: body.keys,
    mode: body.mode,
    k: body.k,
    tries: body.tries,
    draft: draft?.snapshot,
    cases: draft?.bundle.tests,
  };
  // Unknown case keys are a 404 now, not a failed run later.
  await selectCases(db, agent, request);
  const describe = {
    suite: body.suite ?? null,
    keys: body.keys ?? null,
    mode: body.mode,
    k: body.k,
    tries: body.tries ?? body.k,
    config: draft ? "bundle" : "saved",
  };
  // A draft is tested as it is, not as a saved config_version.
  const configVersion = request.draft ? undefined : agent.configVersion;
  return startTestRun(db, agent, ctx.actor, { request: describe, payload: request, configVersion });
}
