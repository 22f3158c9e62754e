import "server-only";
import { getAgentByKey } from "@/db/queries/agents";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { getDatabaseHandle } from "@/lib/server/db";

// The hosted chat page (/chat/{agent}?key=pk_…, docs/widget.md#the-hosted-page): served only for an
// agent whose `widget.hosted_page` is on, with a publishable key in the address. The key is the page's
// only credential and is no secret: it works only from the origins it lists (Focal's own, here).

const PUBLISHABLE_KEY = /^pk_[A-Za-z0-9_-]{8,200}$/;

export interface HostedChat {
  agentKey: string;
  agentName: string;
  publishableKey: string;
}

/** The page's props, or null (404) when the agent is unknown, has no hosted page, or the key is malformed. */
export async function loadHostedChat(agentKey: string, key: string | undefined): Promise<HostedChat | null> {
  if (key === undefined || !PUBLISHABLE_KEY.test(key)) return null;
  const { db } = await getDatabaseHandle();
  const agent = await getAgentByKey(db, agentKey);
  if (!agent || !resolveAgentSettings(agent.settings).widget.hosted_page) return null;
  return { agentKey: agent.key, agentName: agent.name, publishableKey: key };
}
