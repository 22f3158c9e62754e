CREATE TABLE "sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttles_expires_at_idx" ON "sign_in_throttles" USING btree ("expires_at");