// Seeds `total` turns of one agent in the database itself (INSERT … SELECT generate_series: no row
// crosses into JavaScript): conversations of 8 turns started over the last 30 days, so every turn is
// in GET …/usage's default window (the worst case); config versions v, v + 1, v + 2 at 50 / 30 / 20 %;
// environments production 70 %, canary 20 %, none 10 %; 1–6 model calls at $0.0004 each, 2 % unpriced;
// 5 % of conversations reviewed, two thirds of those resolved.

const TURNS_PER_SESSION = 8;
const CHUNK = 250_000;

/** Runs SQL text on the bench's database (PGlite's `exec` or postgres.js' `unsafe`: bench/ never imports drizzle-orm). */
type Exec = (text: string) => Promise<unknown>;

export async function seedUsageTurns(exec: Exec, agentId: string, version: number, total: number): Promise<void> {
  const sessions = Math.ceil(total / TURNS_PER_SESSION);
  await exec(`
    create temp table bench_usage_sessions as
    select s as n, gen_random_uuid() as id, now() - random() * interval '30 days' as started_at,
      case when h < 50 then ${version} when h < 80 then ${version + 1} else ${version + 2} end as version,
      case when e < 70 then 'production' when e < 90 then 'canary' else null end as environment,
      random() as review
    from (select s, floor(random() * 100) as h, floor(random() * 100) as e from generate_series(0, ${sessions - 1}) s) x`);
  await exec(`
    insert into sessions (id, agent_id, channel, turn_count, environment, config_version, created_at, updated_at)
    select id, '${agentId}', 'api', ${TURNS_PER_SESSION}, environment, version, started_at, started_at
    from bench_usage_sessions`);
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK) - 1;
    await exec(`
      insert into turns (session_id, agent_id, turn_index, user_message, response, outcome, latency_ms, model_calls,
        tokens_in, tokens_out, cost_usd, config_version, environment, created_at)
      select s.id, '${agentId}', t % ${TURNS_PER_SESSION}, 'message', 'reply', 'answered'::turn_outcome,
        200 + floor(random() * 2800)::int, g.calls, g.calls * 1500, g.calls * 300,
        case when g.r < 0.02 then null else g.calls * 0.0004 end, s.version, s.environment,
        least(s.started_at + (t % ${TURNS_PER_SESSION}) * interval '40 seconds', now() - interval '1 second')
      from (select t, random() as r, 1 + floor(random() * 6)::int as calls from generate_series(${from}, ${to}) t) g
      join bench_usage_sessions s on s.n = g.t / ${TURNS_PER_SESSION}`);
  }
  await exec(`
    insert into session_reviews (session_id, agent_id, reason, state, resolved)
    select id, '${agentId}', 'sampled', 'reviewed', review < 0.033 from bench_usage_sessions where review < 0.05`);
  await exec("drop table bench_usage_sessions");
  await exec("vacuum analyze");
}
