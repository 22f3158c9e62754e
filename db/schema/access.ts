import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt } from "./columns";
import { operators } from "./identity";

// Per-agent roles (docs/access-control.md): an operator with at least one row here sees only these
// agents, each at its role; one with none has their own role on every agent. Admins see every agent.
export const agentRoleGrants = pgTable(
  "agent_role_grants",
  {
    operatorId: text("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    // No cascade: a grant vanishing with its agent would turn a limited operator into one with every
    // agent; whatever deletes an agent must end its grants first.
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id),
    // viewer | designer | operator (lib/identity/roles.ts); admin is only ever a global role.
    role: text("role").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.agentId] }), index("agent_role_grants_agent_idx").on(t.agentId)],
);
