import { z } from "zod";
import { AgentKey } from "@/lib/engine/contracts/bundle";
import { AgentRole, ApiScope, Role } from "./roles";

// Shared by the admin forms, the server actions that receive them and their tests.
export const CreateOperatorInput = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address."),
  name: z.string().trim().min(1, "Enter a name.").max(120),
  role: Role,
  password: z.string().min(12, "Use at least 12 characters.").max(256),
});

export const ChangeOperatorRoleInput = z.object({ operatorId: z.string().min(1), role: Role });
export const SetOperatorDisabledInput = z.object({ operatorId: z.string().min(1), disabled: z.boolean() });

export const CreateApiKeyInput = z
  .object({
    name: z.string().trim().min(1, "Name the key after what uses it.").max(120),
    scopes: z.array(ApiScope).min(1, "Pick at least one scope."),
    /** The agent keys it may reach; left out (or null): every agent. */
    agents: z.array(AgentKey).min(1, "Pick at least one agent, or leave the key for every agent.").max(200).nullish(),
  })
  .superRefine((input, ctx) => {
    // admin reaches instance-wide things (customers in every agent, operators): it cannot be limited.
    if (input.agents && input.scopes.includes("admin")) {
      ctx.addIssue({ code: "custom", path: ["agents"], message: "A key with the admin scope reaches every agent." });
    }
  });

/** One operator's role on one agent; role null takes the grant away. */
export const SetAgentGrantInput = z.object({
  operatorId: z.string().min(1),
  agentKey: AgentKey,
  role: AgentRole.nullable(),
});

export const RevokeApiKeyInput = z.object({ apiKeyId: z.string().uuid() });
