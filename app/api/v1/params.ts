import { z } from "zod";

// Path parameters: a malformed id can name no resource, so the wrapper answers 404.
export const SessionIdParams = z.object({ id: z.string().uuid() });
export const TurnIdParams = z.object({ id: z.string().uuid() });
export const AgentKeyParams = z.object({ key: z.string().min(1).max(64) });
export const ReplayIdParams = z.object({ id: z.string().uuid() });
export const AgentTestParams = z.object({ key: z.string().min(1).max(64), test_key: z.string().min(1).max(64) });
export const TestRunIdParams = z.object({ id: z.string().uuid() });
export const AgentWebhookParams = z.object({ key: z.string().min(1).max(64), id: z.string().uuid() });
export const HandoffIdParams = z.object({ id: z.string().uuid() });
export const ApprovalIdParams = z.object({ id: z.string().uuid() });
export const AgentPublishableKeyParams = z.object({ key: z.string().min(1).max(64), id: z.string().uuid() });
// An environment's name has the shape EnvironmentName checks (lib/environments/environment-schemas.ts).
export const AgentEnvironmentParams = z.object({
  key: z.string().min(1).max(64),
  name: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
});
// A credential's name has the shape CredentialName checks (lib/credentials/credential-schemas.ts).
export const AgentCredentialParams = z.object({
  key: z.string().min(1).max(64),
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
});
// An MCP server's name is an entity key (lib/mcp/mcp-schemas.ts).
export const AgentMcpServerParams = z.object({
  key: z.string().min(1).max(64),
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
});
