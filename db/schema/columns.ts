import { timestamp, uuid } from "drizzle-orm/pg-core";

// Shared column builders: every table gets the same id and timestamp shapes.
export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
