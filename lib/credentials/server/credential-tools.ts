import "server-only";
import { credentialForTurn } from "@/db/queries/credentials";
import type { Database } from "@/db/types";
import type { ToolRunner } from "@/lib/engine/ports";
import { ToolFailure } from "@/lib/providers/tools/tool-failure";
import type { AppliedCredential, HttpToolRunner, ToolCallContext } from "@/lib/providers/tools/tool-runner";
import { openCredential } from "./credential-seal";
import { oauth2AccessToken } from "./oauth2-token";

// A turn's tool runner with the agent's credentials (docs/tools.md#credentials): a tool naming one
// gets the binding of the session's environment, else the agent's default, applied to its request;
// and a call key stable for this turn of this session, from which a non-GET call's Idempotency-Key
// is derived. The values never leave the request: tapes, traces and messages hold only the name.

interface TurnScope {
  agentId: string;
  /** The session's environment ("draft", "production", a named one) or null (before environments). */
  environment: string | null;
  sessionId: string;
  turnIndex: number;
}

/** The named credential applied: headers and query parameters, and the values to mask in messages. */
export async function applyCredential(
  db: Database,
  scope: Pick<TurnScope, "agentId" | "environment">,
  name: string,
): Promise<AppliedCredential> {
  const row = await credentialForTurn(db, scope.agentId, name, scope.environment);
  if (!row)
    throw new ToolFailure(
      "error",
      `credential "${name}" is not set for this agent: add it under Settings → Credentials`,
    );
  const value = await openCredential(db, row.id, row.sealed);
  if (!value) throw new ToolFailure("error", `credential "${name}" cannot be opened with this instance's key`);
  switch (value.kind) {
    case "bearer":
      return { headers: { authorization: `Bearer ${value.token}` }, query: {}, secrets: [value.token] };
    case "header":
      return { headers: { [value.header]: value.value }, query: {}, secrets: [value.value] };
    case "basic": {
      const encoded = Buffer.from(`${value.username}:${value.password}`).toString("base64");
      return { headers: { authorization: `Basic ${encoded}` }, query: {}, secrets: [value.password, encoded] };
    }
    case "query":
      return {
        headers: {},
        query: { [value.param]: value.value },
        secrets: [value.value, encodeURIComponent(value.value)],
      };
    case "oauth2_client_credentials": {
      const token = await oauth2AccessToken(db, row, value);
      return { headers: { authorization: `Bearer ${token}` }, query: {}, secrets: [token, value.client_secret] };
    }
  }
}

/** The host's tool runner for one turn: credentials and the call key handed to every call. */
export function toolsWithCredentials(tools: ToolRunner, db: Database, scope: TurnScope): ToolRunner {
  if (!("runWith" in tools)) return tools;
  const runner = tools as HttpToolRunner;
  // Once per name and turn: tools sharing a credential cost one lookup (and one OAuth check).
  const applied = new Map<string, Promise<AppliedCredential>>();
  const context: ToolCallContext = {
    credential: (name) => {
      const found = applied.get(name) ?? applyCredential(db, scope, name);
      applied.set(name, found);
      return found;
    },
    callKey: `${scope.sessionId}:${scope.turnIndex}`,
  };
  return { run: (tool, input) => runner.runWith(tool, input, context) };
}
