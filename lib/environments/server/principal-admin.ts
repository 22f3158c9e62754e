import "server-only";
import type { Principal } from "@/lib/server/principal";

/** An admin operator, or an API key with the admin scope: who may force a promotion past the test gate. */
export function principalIsAdmin(principal: Principal): boolean {
  if (principal.kind === "operator") return principal.role === "admin";
  if (principal.kind === "api_key") return principal.scopes.includes("admin");
  return false;
}
