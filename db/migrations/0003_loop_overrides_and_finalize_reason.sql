ALTER TABLE "loop_traces" ADD COLUMN "finalize_reason" text;--> statement-breakpoint
ALTER TABLE "loop_traces" ADD COLUMN "override_fatigue" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loop_traces" ADD COLUMN "override_max_reruns" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loop_traces" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "loop_traces" ADD COLUMN "overridden_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "loop_traces_created_idx" ON "loop_traces" USING btree ("created_at","id");--> statement-breakpoint
-- Turn loops stored before this migration kept finalize_reason and the override fields inside `reasoning`;
-- move them into their columns so `reasoning` holds only the rerun reasoning (docs/loops.md#rerun-reasoning).
UPDATE "loop_traces" SET
  "finalize_reason" = "reasoning"->>'finalize_reason',
  "override_fatigue" = coalesce(("reasoning"->>'override_fatigue')::boolean, false),
  "override_max_reruns" = coalesce(("reasoning"->>'override_max_reruns')::boolean, false),
  "override_reason" = "reasoning"->>'override_reason',
  "reasoning" = NULL
WHERE "reasoning" ? 'finalize_reason';
