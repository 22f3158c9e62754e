ALTER TABLE "turns" ADD COLUMN "intent_label" text;--> statement-breakpoint
ALTER TABLE "turns" ADD COLUMN "fallback_reason" text;--> statement-breakpoint
CREATE INDEX "turns_agent_intent_created_idx" ON "turns" USING btree ("agent_id","intent_label","created_at");