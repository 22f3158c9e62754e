ALTER TABLE "job_runs" ALTER COLUMN "agent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "max_attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "run_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_agent_updated_idx" ON "sessions" USING btree ("agent_id","updated_at");--> statement-breakpoint
CREATE INDEX "job_runs_created_idx" ON "job_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_runs_status_run_after_idx" ON "job_runs" USING btree ("status","run_after");