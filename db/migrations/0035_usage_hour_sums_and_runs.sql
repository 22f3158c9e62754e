CREATE TABLE "usage_conversation_runs" (
	"agent_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"first_hour" timestamp with time zone NOT NULL,
	"last_hour" timestamp with time zone NOT NULL,
	"prev_last_hour" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usage_hour_counts" (
	"agent_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"active" integer NOT NULL,
	"starts" integer NOT NULL,
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
	"unpriced_turns" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_conversation_runs" ADD CONSTRAINT "usage_conversation_runs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_conversation_runs" ADD CONSTRAINT "usage_conversation_runs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hour_counts" ADD CONSTRAINT "usage_hour_counts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hour_sums" ADD CONSTRAINT "usage_hour_sums_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_conversation_runs_resumed_idx" ON "usage_conversation_runs" USING btree ("agent_id","kind","prev_last_hour","first_hour","key");--> statement-breakpoint
CREATE INDEX "usage_conversation_runs_session_idx" ON "usage_conversation_runs" USING btree ("session_id","kind","key");--> statement-breakpoint
CREATE INDEX "usage_hour_sums_agent_hour_idx" ON "usage_hour_sums" USING btree ("agent_id","hour");
--> statement-breakpoint
-- A conversation's runs (db/schema/usage.ts) rebuilt from its usage_hourly rows: islands of consecutive
-- hours per group, each with the last hour of the run before it. The usage.rollup job calls it for the
-- conversations of each hour it rolls, under the agent's lock, so it always sees every rolled hour.
CREATE FUNCTION "usage_conversation_runs_rebuild"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM usage_conversation_runs WHERE session_id = ANY(ids);
	INSERT INTO usage_conversation_runs (agent_id, session_id, kind, key, first_hour, last_hour, prev_last_hour)
	SELECT agent_id, session_id, kind, key, first_hour, last_hour,
		lag(last_hour) OVER (PARTITION BY session_id, kind, key ORDER BY first_hour)
	FROM (
		SELECT agent_id, session_id, kind, key, min(hour) AS first_hour, max(hour) AS last_hour
		FROM (
			SELECT agent_id, session_id, kind, key, hour,
				hour - row_number() OVER (PARTITION BY session_id, kind, key ORDER BY hour) * interval '1 hour' AS island
			FROM (
				SELECT DISTINCT h.agent_id, h.session_id, k.kind, k.key, h.hour
				FROM usage_hourly h
				CROSS JOIN LATERAL (VALUES ('all', ''), ('day', to_char(h.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD')),
					('version', h.config_version::text), ('environment', coalesce(h.environment, 'none'))) AS k(kind, key)
				WHERE h.session_id = ANY(ids)
			) d
		) i
		GROUP BY agent_id, session_id, kind, key, island
	) r;
$$;
--> statement-breakpoint
-- Deleting a conversation cascades to its usage_hourly rows: their figures leave the hour's sums with
-- them (an hour left without a turn of a version and environment loses its row), as they leave turns.
CREATE FUNCTION "usage_hourly_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "usage_hourly_deleted" AFTER DELETE ON "usage_hourly" REFERENCING OLD TABLE AS gone
	FOR EACH STATEMENT EXECUTE FUNCTION "usage_hourly_deleted"();
--> statement-breakpoint
-- usage_hour_counts follows the runs: a run adds 1 to `active` of each of its hours and to `starts` of
-- its first; a deleted run (rebuilt, or its conversation deleted) takes them back.
CREATE FUNCTION "usage_conversation_runs_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO usage_hour_counts AS c (agent_id, kind, hour, key, active, starts)
	SELECT r.agent_id, r.kind, h.hour, r.key, count(*), count(*) FILTER (WHERE h.hour = r.first_hour)
	FROM added r CROSS JOIN LATERAL generate_series(r.first_hour, r.last_hour, interval '1 hour') AS h(hour)
	GROUP BY 1, 2, 3, 4
	ON CONFLICT (agent_id, kind, hour, key)
		DO UPDATE SET active = c.active + excluded.active, starts = c.starts + excluded.starts;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "usage_conversation_runs_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE usage_hour_counts c SET active = c.active - d.active, starts = c.starts - d.starts
	FROM (
		SELECT r.agent_id, r.kind, h.hour, r.key, count(*) AS active, count(*) FILTER (WHERE h.hour = r.first_hour) AS starts
		FROM gone r CROSS JOIN LATERAL generate_series(r.first_hour, r.last_hour, interval '1 hour') AS h(hour)
		GROUP BY 1, 2, 3, 4
	) d
	WHERE c.agent_id = d.agent_id AND c.kind = d.kind AND c.hour = d.hour AND c.key = d.key;
	DELETE FROM usage_hour_counts c USING gone r
	WHERE c.agent_id = r.agent_id AND c.kind = r.kind AND c.key = r.key AND c.hour BETWEEN r.first_hour AND r.last_hour
		AND c.active <= 0;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "usage_conversation_runs_added" AFTER INSERT ON "usage_conversation_runs" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION "usage_conversation_runs_added"();
--> statement-breakpoint
CREATE TRIGGER "usage_conversation_runs_gone" AFTER DELETE ON "usage_conversation_runs" REFERENCING OLD TABLE AS gone
	FOR EACH STATEMENT EXECUTE FUNCTION "usage_conversation_runs_gone"();
--> statement-breakpoint
-- Backfill from the hours already rolled: the same sums and runs (and through them the counts) the job
-- writes from now on.
INSERT INTO usage_hour_sums (agent_id, hour, config_version, environment, turns, tokens_in, tokens_out, cost_usd,
	unpriced_turns)
SELECT agent_id, hour, config_version, environment, sum(turns), sum(tokens_in), sum(tokens_out), sum(cost_usd),
	sum(unpriced_turns)
FROM usage_hourly GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO usage_conversation_runs (agent_id, session_id, kind, key, first_hour, last_hour, prev_last_hour)
SELECT agent_id, session_id, kind, key, first_hour, last_hour,
	lag(last_hour) OVER (PARTITION BY session_id, kind, key ORDER BY first_hour)
FROM (
	SELECT agent_id, session_id, kind, key, min(hour) AS first_hour, max(hour) AS last_hour
	FROM (
		SELECT agent_id, session_id, kind, key, hour,
			hour - row_number() OVER (PARTITION BY session_id, kind, key ORDER BY hour) * interval '1 hour' AS island
		FROM (
			SELECT DISTINCT h.agent_id, h.session_id, k.kind, k.key, h.hour
			FROM usage_hourly h
			CROSS JOIN LATERAL (VALUES ('all', ''), ('day', to_char(h.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD')),
				('version', h.config_version::text), ('environment', coalesce(h.environment, 'none'))) AS k(kind, key)
		) d
	) i
	GROUP BY agent_id, session_id, kind, key, island
) r;
