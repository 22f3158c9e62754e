import type { BundleTool } from "@/lib/engine/contracts/bundle";

// Which tools cannot run as configured because a credential they name is not set for the agent (an
// import of a bundle from another installation names credentials, never their values: docs/tools.md#bundles).

/** Tool key → the reason it is unconfigured; tools whose credential exists (or that name none) are absent. */
export function unconfiguredTools(
  tools: readonly BundleTool[],
  credentialNames: readonly string[],
): Record<string, string> {
  const known = new Set(credentialNames);
  const reasons: Record<string, string> = {};
  for (const tool of tools) {
    const name = tool.kind === "static" ? undefined : tool.output.credential;
    if (name && !known.has(name)) {
      reasons[tool.key] =
        `Credential "${name}" is not set for this agent: add it under Credentials. Until then every call fails without a request.`;
    }
  }
  return reasons;
}
