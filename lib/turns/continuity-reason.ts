// The deployment flag that gates continuity for every agent; agents opt in with continuity.enabled.
export const CONTINUITY_FLAG = "NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED";

/** Why continuity is on or off for an agent's new sessions, in one sentence a designer can act on. */
export function continuityReason(deploymentOn: boolean, agentOn: boolean): string {
  if (deploymentOn && agentOn) return "The deployment allows it and this agent's setting turns it on.";
  if (!deploymentOn && !agentOn)
    return `Off for this deployment (an administrator sets ${CONTINUITY_FLAG}=true) and in this agent's settings.`;
  if (!deploymentOn)
    return `This agent turns it on, but the deployment has it off (an administrator sets ${CONTINUITY_FLAG}=true).`;
  return "The deployment allows it; this agent's setting (Settings → Continuity → Resolve follow-ups) has it off.";
}
