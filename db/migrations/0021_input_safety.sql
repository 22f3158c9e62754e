ALTER TYPE "public"."turn_outcome" ADD VALUE 'refused_input';--> statement-breakpoint
ALTER TYPE "public"."handoff_reason" ADD VALUE 'input_safety' BEFORE 'operator';