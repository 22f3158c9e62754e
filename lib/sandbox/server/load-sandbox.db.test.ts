import { describe, expect, it } from "vitest";
import { getAgentByKey } from "@/db/queries/agents";
import type { Role } from "@/lib/identity/roles";
import type { OperatorPrincipal } from "@/lib/server/principal";
import { createSession } from "@/lib/turns/server/create-session";
import { demoAgent } from "@/test/support/environment-helpers";
import { fileTestApp } from "@/test/support/focal-test-app";
import { loadSandbox } from "./load-sandbox";

const handle = fileTestApp();

function operator(email: string, role: Role): OperatorPrincipal {
  return { kind: "operator", id: email, email, name: email, role };
}

async function agentWithSessions(key: string) {
  await demoAgent(handle, key);
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("agent missing");
  const start = (createdBy: string) => createSession(handle.db, { agent, channel: "sandbox", createdBy });
  // The designer's session first, then the admin's: the admin's is the agent's most recent.
  const designers = await start("designer@focal.test");
  const admins = await start("admin@focal.test");
  return { agent, designers, admins };
}

describe("the sandbox's session", () => {
  it("opens the operator's own latest sandbox session, not a more recent one of another operator", async () => {
    const { agent, designers, admins } = await agentWithSessions("sandbox-own");
    const data = await loadSandbox(handle.db, agent, operator("designer@focal.test", "designer"));
    expect(data.session?.id).toBe(designers.id);
    expect(data.sessions.map((s) => s.id)).toEqual([designers.id]);
    expect(data.sessionStartedBy).toBeNull();
    // The admin's is offered under its own heading, to open on purpose.
    expect(data.othersSessions.map((s) => [s.id, s.createdBy])).toEqual([[admins.id, "admin@focal.test"]]);
  });

  it("opens none for an operator who has no sandbox session yet, though others have", async () => {
    const { agent } = await agentWithSessions("sandbox-none");
    const data = await loadSandbox(handle.db, agent, operator("new-designer@focal.test", "designer"));
    expect(data.session).toBeNull();
    expect(data.sessions).toEqual([]);
    expect(data.othersSessions).toHaveLength(2);
  });

  it("opens another operator's session only when asked for by id, and says whose it is", async () => {
    const { agent, admins } = await agentWithSessions("sandbox-asked");
    const data = await loadSandbox(handle.db, agent, operator("designer@focal.test", "designer"), admins.id);
    expect(data.session?.id).toBe(admins.id);
    expect(data.sessionStartedBy).toBe("admin@focal.test");
  });
});
