"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { Role } from "@/lib/identity/roles";

// The signed-in operator's role for client leaves that offer more to some roles (an admin's "Save
// anyway…"); the server checks the role on every action regardless.
const OperatorRoleContext = createContext<Role>("viewer");

export function OperatorRoleProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <OperatorRoleContext.Provider value={role}>{children}</OperatorRoleContext.Provider>;
}

export function useOperatorRole(): Role {
  return useContext(OperatorRoleContext);
}
