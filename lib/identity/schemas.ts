import { z } from "zod";
import { ApiScope, Role } from "./roles";

// Shared by the admin forms, the server actions that receive them and their tests.
export const CreateOperatorInput = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address."),
  name: z.string().trim().min(1, "Enter a name.").max(120),
  role: Role,
  password: z.string().min(12, "Use at least 12 characters.").max(256),
});

export const ChangeOperatorRoleInput = z.object({ operatorId: z.string().min(1), role: Role });
export const SetOperatorDisabledInput = z.object({ operatorId: z.string().min(1), disabled: z.boolean() });

export const CreateApiKeyInput = z.object({
  name: z.string().trim().min(1, "Name the key after what uses it.").max(120),
  scopes: z.array(ApiScope).min(1, "Pick at least one scope."),
});

export const RevokeApiKeyInput = z.object({ apiKeyId: z.string().uuid() });
