// Continuity is decided in three places: the deployment (NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED, set
// by an administrator), the agent's setting, and a session's own choice. These say which one decided,
// in words a designer can act on (docs/continuity.md).

/** What a session without a choice of its own gets. */
export function continuityByDefault(deploymentOn: boolean, agentOn: boolean): boolean {
  return deploymentOn && agentOn;
}

/** Why continuity is on or off for an agent's sessions that follow the default, in one sentence. */
export function continuityReason(deploymentOn: boolean, agentOn: boolean): string {
  if (deploymentOn && agentOn) return "This agent turns it on and the deployment allows it.";
  if (!deploymentOn && !agentOn) return "Off in this agent's settings, and the deployment does not allow it yet.";
  if (!deploymentOn) return "This agent turns it on, but the deployment does not allow it yet (ask an administrator).";
  return "The deployment allows it; this agent's setting (Settings → Continuity → Resolve follow-ups) has it off.";
}
