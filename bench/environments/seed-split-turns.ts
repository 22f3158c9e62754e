import type { Sql } from "postgres";

// Seeds `total` turns of one agent's production split (three arms, 50 / 30 / 20 %) with INSERT …
// SELECT generate_series: sessions of 8 turns over the last 7 days, outcomes answered 80 %,
// regenerated 8 %, fallback 6 %, handoff 2 %, the rest clarified; latency 200–3,000 ms; 1–6 model calls,
// each $0.0004 (gpt-4o-mini's price for ~1,500 tokens in and 300 out).

const TURNS_PER_SESSION = 8;
const CHUNK = 250_000;

export async function seedSplitTurns(sql: Sql, agentId: string, versions: number[], total: number): Promise<void> {
  const sessions = Math.ceil(total / TURNS_PER_SESSION);
  const [a, b, c] = versions;
  await sql.unsafe(`
    create temp table bench_split_sessions as
    select s as n, gen_random_uuid() as id, now() - random() * interval '7 days' as started_at,
      case when h < 50 then ${a} when h < 80 then ${b} else ${c} end as version
    from (select s, floor(random() * 100) as h from generate_series(0, ${sessions - 1}) s) x;
    insert into sessions (id, agent_id, channel, turn_count, environment, config_version, created_at, updated_at)
    select id, '${agentId}', 'api', ${TURNS_PER_SESSION}, 'production', version, started_at, started_at
    from bench_split_sessions;`);
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK) - 1;
    await sql.unsafe(`
      insert into turns (session_id, agent_id, turn_index, user_message, response, outcome, violated_rule_ids,
        latency_ms, model_calls, cost_usd, config_version, environment, created_at)
      select s.id, '${agentId}', t % ${TURNS_PER_SESSION}, 'message', 'reply',
        (case when r < 0.80 then 'answered' when r < 0.88 then 'regenerated' when r < 0.94 then 'fallback'
          when r < 0.96 then 'handoff' else 'clarified' end)::turn_outcome,
        case when r >= 0.80 and r < 0.88 then '["rule-1"]'::jsonb else '[]'::jsonb end,
        200 + floor(random() * 2800)::int, g.calls, g.calls * 0.0004, s.version, 'production',
        s.started_at + (t % ${TURNS_PER_SESSION}) * interval '40 seconds'
      from (select t, random() as r, 1 + floor(random() * 6)::int as calls from generate_series(${from}, ${to}) t) g
      join bench_split_sessions s on s.n = g.t / ${TURNS_PER_SESSION};`);
  }
  // Vacuum as autovacuum would after a load: index-only scans need the visibility map.
  await sql.unsafe("vacuum analyze sessions");
  await sql.unsafe("vacuum analyze turns");
}
