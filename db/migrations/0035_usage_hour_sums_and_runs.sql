CREATE TABLE "usage_conversation_runs" (
	"agent_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"first_hour" timestamp with time zone NOT NULL,
	"last_hour" timestamp with time zone NOT NULL,
	"prev_last_hour" timestamp with time zone,
	"reviewed" boolean DEFAULT false NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_hour_counts" (
	"agent_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"reviewed_active" integer DEFAULT 0 NOT NULL,
	"reviewed_starts" integer DEFAULT 0 NOT NULL,
	"resolved_active" integer DEFAULT 0 NOT NULL,
	"resolved_starts" integer DEFAULT 0 NOT NULL,
	"reviewed_cost_usd" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_hour_counts_agent_id_kind_hour_key_pk" PRIMARY KEY("agent_id","kind","hour","key")
);
--> statement-breakpoint
CREATE TABLE "usage_hour_sums" (
	"agent_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"config_version" integer NOT NULL,
	"environment" text,
	"turns" integer NOT NULL,
	"tokens_in" bigint NOT NULL,
	"tokens_out" bigint NOT NULL,
	"cost_usd" double precision NOT NULL,
	"unpriced_turns" integer NOT NULL,
	CONSTRAINT "usage_hour_sums_agent_hour_version_env_uq" UNIQUE NULLS NOT DISTINCT("agent_id","hour","config_version","environment")
);
--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_conversation_runs" ADD CONSTRAINT "usage_conversation_runs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_conversation_runs" ADD CONSTRAINT "usage_conversation_runs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hour_counts" ADD CONSTRAINT "usage_hour_counts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hour_sums" ADD CONSTRAINT "usage_hour_sums_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_conversation_runs_resumed_idx" ON "usage_conversation_runs" USING btree ("agent_id","kind","prev_last_hour","first_hour","key");--> statement-breakpoint
CREATE INDEX "usage_conversation_runs_session_idx" ON "usage_conversation_runs" USING btree ("session_id","kind","key");
--> statement-breakpoint
-- The groups an hour's row of a conversation belongs to: in all, its UTC day, its config version, its
-- environment (`none` without one), as GET …/usage keys them (db/queries/usage.ts).
CREATE FUNCTION "usage_group_keys"(hour timestamptz, config_version integer, environment text)
RETURNS TABLE (kind text, key text) LANGUAGE sql STABLE AS $$
	VALUES ('all', ''), ('day', to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD')), ('version', config_version::text),
		('environment', coalesce(environment, 'none'))
$$;
--> statement-breakpoint
-- A conversation's runs (db/schema/usage.ts) rebuilt from its usage_hourly rows: islands of consecutive
-- hours per group, each with the last hour of the run before it, and its review as it is now. Called
-- under the agent's usage.rollup lock (a roll, a review's change), so it sees every rolled hour.
CREATE FUNCTION "usage_conversation_runs_rebuild"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM usage_conversation_runs WHERE session_id = ANY(ids);
	INSERT INTO usage_conversation_runs (agent_id, session_id, kind, key, first_hour, last_hour, prev_last_hour,
		reviewed, resolved)
	SELECT r.agent_id, r.session_id, r.kind, r.key, r.first_hour, r.last_hour,
		lag(r.last_hour) OVER (PARTITION BY r.session_id, r.kind, r.key ORDER BY r.first_hour),
		v.session_id IS NOT NULL, coalesce(v.resolved, false)
	FROM (
		SELECT agent_id, session_id, kind, key, min(hour) AS first_hour, max(hour) AS last_hour
		FROM (
			SELECT agent_id, session_id, kind, key, hour,
				hour - row_number() OVER (PARTITION BY session_id, kind, key ORDER BY hour) * interval '1 hour' AS island
			FROM (
				SELECT DISTINCT h.agent_id, h.session_id, k.kind, k.key, h.hour
				FROM usage_hourly h CROSS JOIN LATERAL usage_group_keys(h.hour, h.config_version, h.environment) k
				WHERE h.session_id = ANY(ids)
			) d
		) i
		GROUP BY agent_id, session_id, kind, key, island
	) r
	LEFT JOIN session_reviews v ON v.session_id = r.session_id AND v.state = 'reviewed';
$$;
--> statement-breakpoint
-- usage_hourly rows coming in add their figures to the hour's sums and, when `reviewed`, their cost to
-- the reviewed cost of each group; rows leaving (a re-roll, a review's change, their conversation
-- deleted) take them back, and a version and environment left without a turn loses its sums row.
CREATE FUNCTION "usage_hourly_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO usage_hour_sums AS s (agent_id, hour, config_version, environment, turns, tokens_in, tokens_out,
		cost_usd, unpriced_turns)
	SELECT agent_id, hour, config_version, environment, sum(turns), sum(tokens_in), sum(tokens_out), sum(cost_usd),
		sum(unpriced_turns)
	FROM added GROUP BY 1, 2, 3, 4
	ON CONFLICT (agent_id, hour, config_version, environment) DO UPDATE SET turns = s.turns + excluded.turns,
		tokens_in = s.tokens_in + excluded.tokens_in, tokens_out = s.tokens_out + excluded.tokens_out,
		cost_usd = s.cost_usd + excluded.cost_usd, unpriced_turns = s.unpriced_turns + excluded.unpriced_turns;
	INSERT INTO usage_hour_counts AS c (agent_id, kind, hour, key, reviewed_cost_usd)
	SELECT h.agent_id, k.kind, h.hour, k.key, sum(h.cost_usd)
	FROM added h CROSS JOIN LATERAL usage_group_keys(h.hour, h.config_version, h.environment) k
	WHERE h.reviewed
	GROUP BY 1, 2, 3, 4
	ON CONFLICT (agent_id, kind, hour, key) DO UPDATE SET reviewed_cost_usd = c.reviewed_cost_usd + excluded.reviewed_cost_usd;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "usage_hourly_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE usage_hour_sums s
	SET turns = s.turns - d.turns, tokens_in = s.tokens_in - d.tokens_in, tokens_out = s.tokens_out - d.tokens_out,
		cost_usd = s.cost_usd - d.cost_usd, unpriced_turns = s.unpriced_turns - d.unpriced_turns
	FROM (
		SELECT agent_id, hour, config_version, environment, sum(turns) AS turns, sum(tokens_in) AS tokens_in,
			sum(tokens_out) AS tokens_out, sum(cost_usd) AS cost_usd, sum(unpriced_turns) AS unpriced_turns
		FROM gone GROUP BY 1, 2, 3, 4
	) d
	WHERE s.agent_id = d.agent_id AND s.hour = d.hour AND s.config_version = d.config_version
		AND s.environment IS NOT DISTINCT FROM d.environment;
	DELETE FROM usage_hour_sums s USING (SELECT DISTINCT agent_id, hour FROM gone) d
	WHERE s.agent_id = d.agent_id AND s.hour = d.hour AND s.turns <= 0;
	UPDATE usage_hour_counts c SET reviewed_cost_usd = c.reviewed_cost_usd - d.cost_usd
	FROM (
		SELECT h.agent_id, k.kind, h.hour, k.key, sum(h.cost_usd) AS cost_usd
		FROM gone h CROSS JOIN LATERAL usage_group_keys(h.hour, h.config_version, h.environment) k
		WHERE h.reviewed
		GROUP BY 1, 2, 3, 4
	) d
	WHERE c.agent_id = d.agent_id AND c.kind = d.kind AND c.hour = d.hour AND c.key = d.key;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- usage_hour_counts follows the runs: a run adds 1 to `active` of each of its hours and to `starts` of
-- its first, and to the reviewed and resolved ones as its flags say; a deleted run takes them back.
CREATE FUNCTION "usage_conversation_runs_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO usage_hour_counts AS c (agent_id, kind, hour, key, active, starts, reviewed_active, reviewed_starts,
		resolved_active, resolved_starts)
	SELECT r.agent_id, r.kind, h.hour, r.key, count(*), count(*) FILTER (WHERE h.hour = r.first_hour),
		count(*) FILTER (WHERE r.reviewed), count(*) FILTER (WHERE r.reviewed AND h.hour = r.first_hour),
		count(*) FILTER (WHERE r.resolved), count(*) FILTER (WHERE r.resolved AND h.hour = r.first_hour)
	FROM added r CROSS JOIN LATERAL generate_series(r.first_hour, r.last_hour, interval '1 hour') AS h(hour)
	GROUP BY 1, 2, 3, 4
	ON CONFLICT (agent_id, kind, hour, key) DO UPDATE SET active = c.active + excluded.active,
		starts = c.starts + excluded.starts, reviewed_active = c.reviewed_active + excluded.reviewed_active,
		reviewed_starts = c.reviewed_starts + excluded.reviewed_starts,
		resolved_active = c.resolved_active + excluded.resolved_active,
		resolved_starts = c.resolved_starts + excluded.resolved_starts;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "usage_conversation_runs_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE usage_hour_counts c SET active = c.active - d.active, starts = c.starts - d.starts,
		reviewed_active = c.reviewed_active - d.reviewed_active, reviewed_starts = c.reviewed_starts - d.reviewed_starts,
		resolved_active = c.resolved_active - d.resolved_active, resolved_starts = c.resolved_starts - d.resolved_starts
	FROM (
		SELECT r.agent_id, r.kind, h.hour, r.key, count(*) AS active, count(*) FILTER (WHERE h.hour = r.first_hour) AS starts,
			count(*) FILTER (WHERE r.reviewed) AS reviewed_active,
			count(*) FILTER (WHERE r.reviewed AND h.hour = r.first_hour) AS reviewed_starts,
			count(*) FILTER (WHERE r.resolved) AS resolved_active,
			count(*) FILTER (WHERE r.resolved AND h.hour = r.first_hour) AS resolved_starts
		FROM gone r CROSS JOIN LATERAL generate_series(r.first_hour, r.last_hour, interval '1 hour') AS h(hour)
		GROUP BY 1, 2, 3, 4
	) d
	WHERE c.agent_id = d.agent_id AND c.kind = d.kind AND c.hour = d.hour AND c.key = d.key;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "usage_hourly_added" AFTER INSERT ON "usage_hourly" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION "usage_hourly_added"();
--> statement-breakpoint
CREATE TRIGGER "usage_hourly_gone" AFTER DELETE ON "usage_hourly" REFERENCING OLD TABLE AS gone
	FOR EACH STATEMENT EXECUTE FUNCTION "usage_hourly_gone"();
--> statement-breakpoint
CREATE TRIGGER "usage_conversation_runs_added" AFTER INSERT ON "usage_conversation_runs" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION "usage_conversation_runs_added"();
--> statement-breakpoint
CREATE TRIGGER "usage_conversation_runs_gone" AFTER DELETE ON "usage_conversation_runs" REFERENCING OLD TABLE AS gone
	FOR EACH STATEMENT EXECUTE FUNCTION "usage_conversation_runs_gone"();
--> statement-breakpoint
-- A review reaching or leaving `reviewed`, or changing `resolved`, rewrites its conversation's rolled
-- rows with the new flags (the triggers above move the figures). It takes the agent's usage.rollup lock
-- first, so an hour rolled at the same time is either seen by it or sees the review. A review deleted
-- with its conversation finds no rows left: they took their own flags' figures with them.
CREATE FUNCTION "usage_review_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	review session_reviews := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
	is_reviewed boolean := TG_OP <> 'DELETE' AND NEW.state = 'reviewed';
BEGIN
	IF TG_OP = 'UPDATE' AND (OLD.state = 'reviewed') = (NEW.state = 'reviewed')
		AND (OLD.state = 'reviewed' AND OLD.resolved) IS NOT DISTINCT FROM (NEW.state = 'reviewed' AND NEW.resolved) THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'UPDATE' AND (CASE WHEN TG_OP = 'DELETE' THEN OLD.state ELSE NEW.state END) <> 'reviewed' THEN
		RETURN NULL;
	END IF;
	PERFORM pg_advisory_xact_lock(hashtextextended('usage.rollup:' || review.agent_id::text, 0));
	WITH gone AS (DELETE FROM usage_hourly WHERE session_id = review.session_id RETURNING *)
	INSERT INTO usage_hourly (agent_id, hour, session_id, config_version, environment, turns, tokens_in, tokens_out,
		cost_usd, unpriced_turns, reviewed)
	SELECT agent_id, hour, session_id, config_version, environment, turns, tokens_in, tokens_out, cost_usd,
		unpriced_turns, is_reviewed
	FROM gone;
	PERFORM usage_conversation_runs_rebuild(ARRAY[review.session_id]);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "usage_review_changed" AFTER INSERT OR UPDATE OR DELETE ON "session_reviews"
	FOR EACH ROW EXECUTE FUNCTION "usage_review_changed"();
--> statement-breakpoint
-- Backfill from the hours already rolled: the same rows the job writes from now on.
CREATE TEMP TABLE usage_hourly_before AS SELECT * FROM usage_hourly;
--> statement-breakpoint
DELETE FROM usage_hourly;
--> statement-breakpoint
INSERT INTO usage_hourly (agent_id, hour, session_id, config_version, environment, turns, tokens_in, tokens_out,
	cost_usd, unpriced_turns, reviewed)
SELECT h.agent_id, h.hour, h.session_id, h.config_version, h.environment, h.turns, h.tokens_in, h.tokens_out,
	h.cost_usd, h.unpriced_turns,
	EXISTS (SELECT 1 FROM session_reviews r WHERE r.session_id = h.session_id AND r.state = 'reviewed')
FROM usage_hourly_before h;
--> statement-breakpoint
DROP TABLE usage_hourly_before;
--> statement-breakpoint
SELECT usage_conversation_runs_rebuild(array_agg(DISTINCT session_id)) FROM usage_hourly GROUP BY agent_id;
