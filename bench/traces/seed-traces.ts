import { performance } from "node:perf_hooks";
import type { Sql } from "postgres";

// Seeds `total` turns (3 spans each) into a freshly migrated database with INSERT … SELECT
// generate_series: no row crosses the wire. Shapes follow what an instance sees:
//   5 agents holding 40 / 25 / 15 / 12 / 8 % of the turns, 20 rules and 4 scenarios each;
//   sessions of 8 turns 40 s apart, starting uniformly over the last 30 days;
//   outcomes answered 70 %, clarified 12 %, regenerated 8 %, fallback 5 %, escalated 4 %, error 1 %;
//   0–4 fired rules, low-numbered (high-priority) rules firing most, rule 20 in 0.1 % of turns;
//   a regenerated turn violated one of the 3 hard rules, a fallback one of them plus rule 4;
//   provider offline 80 % / openai 20 %; 1–6 model calls; 1 % of messages mention "warranty".
// The migrated secondary indexes are dropped for the load and rebuilt from their own definitions
// (pg_indexes): one sorted build each (1–4 s) instead of 8 indexes updated row by row.

const TURNS_PER_SESSION = 8;
// Rows per INSERT statement: 4 progress notes for a million turns.
const CHUNK = 250_000;

type Note = (text: string) => void;

async function timed<T>(note: Note, label: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await run();
  note(`${label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return result;
}

async function seedAgents(sql: Sql) {
  await sql.unsafe(`
    create temp table bench_agents as
    select n, gen_random_uuid() as id from generate_series(1, 5) n;
    insert into agents (id, key, name) select id, 'bench-' || n, 'Bench agent ' || n from bench_agents;
    insert into rules (agent_id, key, name, condition_text, action_text, priority, is_hard_constraint)
    select a.id, 'rule-' || k, 'Rule ' || k, 'condition ' || k, 'action ' || k, 100 - k, k <= 3
    from bench_agents a, generate_series(1, 20) k;
    insert into scenarios (agent_id, key, name, intent_label)
    select a.id, 'scenario-' || k, 'Scenario ' || k, (array['refund_request','order_status','pricing','complaint'])[k]
    from bench_agents a, generate_series(1, 4) k;
    create temp table bench_refs as
    select a.n, a.id as agent_id,
      (select array_agg(r.id::text order by r.priority desc) from rules r where r.agent_id = a.id) as rule_ids,
      (select array_agg(s.id order by s.key) from scenarios s where s.agent_id = a.id) as scenario_ids,
      (select array_agg(s.intent_label order by s.key) from scenarios s where s.agent_id = a.id) as labels
    from bench_agents a;`);
}

async function seedSessions(sql: Sql, sessions: number) {
  await sql.unsafe(`
    create temp table bench_sessions as
    select s as n, gen_random_uuid() as id,
      case when h < 40 then 1 when h < 65 then 2 when h < 80 then 3 when h < 92 then 4 else 5 end as agent_n,
      now() - random() * interval '30 days' as started_at
    from (select s, floor(random() * 100) as h from generate_series(0, ${sessions - 1}) s) x;
    insert into sessions (id, agent_id, channel, turn_count, created_at, updated_at)
    select b.id, r.agent_id, 'api', ${TURNS_PER_SESSION}, b.started_at, b.started_at
    from bench_sessions b join bench_refs r on r.n = b.agent_n;`);
}

function insertTurns(sql: Sql, from: number, to: number) {
  return sql.unsafe(`
    insert into turns (id, session_id, agent_id, turn_index, user_message, response, outcome, detected_intent,
      intent_label, scenario_id, fired_rule_ids, violated_rule_ids, provenance, latency_ms, model_calls,
      tokens_in, tokens_out, provider, model, config_version, created_at)
    select gen_random_uuid(), s.id, r.agent_id, x.g % ${TURNS_PER_SESSION},
      'Customer message ' || x.g || ' about order ' || (x.g::bigint * 7919 % 100000)
        || case when x.r_text < 0.01 then ', is this covered by the warranty?' else ', can you help me with it today?' end,
      'Thanks for your message. I looked up order ' || (x.g::bigint * 7919 % 100000)
        || ' and here is what I can do for you: a refund within policy, or a replacement shipped this week.',
      x.outcome::turn_outcome, r.labels[x.scenario_k], r.labels[x.scenario_k], r.scenario_ids[x.scenario_k],
      to_jsonb(r.rule_ids[x.fired_from : least(19, x.fired_from + x.fired_n - 1)])
        || case when x.r_rare < 0.001 then to_jsonb(array[r.rule_ids[20]]) else '[]'::jsonb end,
      case x.outcome
        when 'regenerated' then to_jsonb(array[r.rule_ids[x.hard_k]])
        when 'fallback' then to_jsonb(array[r.rule_ids[x.hard_k], r.rule_ids[4]])
        else '[]'::jsonb end,
      jsonb_build_object('provider', x.provider, 'model', x.model, 'config_version', 1, 'regenerations',
        (x.outcome = 'regenerated')::int, 'fallback_reason', null, 'goal',
        jsonb_build_object('original', 'help with order ' || (x.g::bigint * 7919 % 100000)),
        'enforcement', jsonb_build_object('lane1', jsonb_build_object('passed', 3, 'failed', 0, 'unresolved', 0))),
      (200 + 1800 * x.r_latency * x.r_latency)::int, x.model_calls, 900 + x.g % 700, 120 + x.g % 200,
      x.provider, x.model, 1,
      s.started_at + (x.g % ${TURNS_PER_SESSION}) * interval '40 seconds'
    from (
      select g, random() as r_text, random() as r_rare, random() as r_latency,
        case when o < 0.70 then 'answered' when o < 0.82 then 'clarified' when o < 0.90 then 'regenerated'
          when o < 0.95 then 'fallback' when o < 0.99 then 'escalated' else 'error' end as outcome,
        case when random() < 0.2 then null else 1 + floor(random() * 4)::int end as scenario_k,
        1 + floor(power(random(), 2) * 19)::int as fired_from,
        floor(random() * 5)::int as fired_n,
        1 + floor(random() * 3)::int as hard_k,
        case when p < 0.8 then 'offline' else 'openai' end as provider,
        case when p < 0.8 then 'offline' else 'gpt-4o-mini' end as model,
        1 + floor(power(random(), 3) * 6)::int as model_calls
      from (select g, random() as o, random() as p from generate_series(${from}, ${to - 1}) g) q
    ) x
    join bench_sessions s on s.n = x.g / ${TURNS_PER_SESSION}
    join bench_refs r on r.n = s.agent_n;`);
}

function insertSpans(sql: Sql) {
  return sql.unsafe(`
    insert into trace_spans (turn_id, name, position, start_offset_ms, duration_ms, status, decision, attributes)
    select t.id, (array['sensor','generation','enforcement'])[p + 1], p,
      case p when 0 then 0 when 1 then 12 else t.latency_ms * 0.9 end,
      case p when 0 then 12 when 1 then t.latency_ms * 0.9 - 12 else t.latency_ms * 0.1 end,
      'ok',
      case p when 0 then 'intent ' || coalesce(t.intent_label, 'none')
        when 1 then t.model_calls || ' model calls' else jsonb_array_length(t.violated_rule_ids) || ' violations' end,
      jsonb_build_object('stage', p, 'rules', t.fired_rule_ids, 'score', round((random())::numeric, 2))
    from turns t cross join generate_series(0, 2) p;`);
}

/** Drops the tables' secondary indexes, returning their definitions to rebuild after the load. */
async function dropSecondaryIndexes(sql: Sql, tables: string[]): Promise<{ name: string; definition: string }[]> {
  const rows = await sql<{ indexname: string; indexdef: string }[]>`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in ${sql(tables)}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`;
  for (const row of rows) await sql.unsafe(`drop index "${row.indexname}"`);
  return rows.map((r) => ({ name: r.indexname, definition: r.indexdef }));
}

export async function seedTraces(sql: Sql, total: number, note: Note): Promise<void> {
  // FK checks off for the load (superuser): 4 million primary-key lookups would check nothing,
  // since every id comes from the rows inserted just before.
  await sql.unsafe("set session_replication_role = replica; set synchronous_commit = off");
  await sql.unsafe("set maintenance_work_mem = '256MB'; select setseed(0.42)");
  const indexes = await dropSecondaryIndexes(sql, ["turns", "trace_spans"]);
  await seedAgents(sql);
  const sessions = Math.ceil(total / TURNS_PER_SESSION);
  await timed(note, `seeded ${sessions.toLocaleString("en-US")} sessions`, () => seedSessions(sql, sessions));
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK);
    await timed(note, `seeded turns ${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")}`, () =>
      insertTurns(sql, from, to),
    );
  }
  await timed(note, `seeded ${(total * 3).toLocaleString("en-US")} spans`, () => insertSpans(sql));
  for (const index of indexes) {
    await timed(note, `rebuilt ${index.name}`, () => sql.unsafe(index.definition));
  }
  await sql.unsafe("set session_replication_role = origin");
  await timed(note, "vacuum analyze", () => sql.unsafe("vacuum (analyze) turns, trace_spans, sessions"));
}
