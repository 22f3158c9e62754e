CREATE INDEX "turns_fired_rules_gin" ON "turns" USING gin ("fired_rule_ids" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "turns_violated_rules_gin" ON "turns" USING gin ("violated_rule_ids" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "ledger_turn_id_idx" ON "ledger_events" USING btree (("payload"->>'turn_id'));--> statement-breakpoint
CREATE INDEX "ledger_request_id_idx" ON "ledger_events" USING btree ("request_id");