import "server-only";
import { credentialNamesOf } from "@/db/queries/credentials";
import type { AgentRow, Transaction } from "@/db/types";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";

// A tool save (editor, REST, `focal apply`) that makes a tool name a credential the agent does not
// have is refused at `output.credential`: such a tool would fail every call, and only at call time.
// A tool that already named it keeps saving (a bundle import may bring names whose values an admin
// adds later: docs/tools.md#bundles), so fixing its description is never blocked by it.

export async function assertCredentialSet(
  tx: Transaction,
  agent: AgentRow,
  tool: BundleTool,
  stored: BundleTool | null,
): Promise<void> {
  const name = tool.kind === "http" ? tool.output.credential : undefined;
  if (name === undefined) return;
  if (stored?.kind === "http" && stored.output.credential === name) return;
  const names = await credentialNamesOf(tx, agent.id);
  if (names.includes(name)) return;
  const known = names.length > 0 ? `the agent has ${names.join(", ")}` : "the agent has none yet";
  throw new AppError(
    "VALIDATION",
    `The tool names credential "${name}", which is not set for this agent; nothing was saved.`,
    [
      {
        path: "output.credential",
        message: `Credential "${name}" is not set for this agent (${known}): add it under Settings → Credentials first, or choose another.`,
      },
    ],
  );
}
