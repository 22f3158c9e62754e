import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { PrivacySettings } from "@/lib/engine/contracts/privacy-settings";
import { maskPii } from "@/lib/engine/stages/privacy/mask-pii";
import { benchPresidioPii } from "./public-eval/presidio-pii-bench";
import { percentile, type Report } from "./report";

// The privacy stage's cost on a 4,000-character message of prose with a card, an IBAN, an e-mail, a
// phone number and an order reference every 300 characters (goal: p95 ≤ 1 ms with the default kinds):
// `privacy_stage_ms_p95` with the defaults, `_all` with every detector on (three national id shapes
// and a designer pattern too), `_digits` over a message that is all digits and separators (the
// phone finder's worst input before it read runs whole), `_single_digits` over "1 1 1 …" (every digit a
// card window's start: the card finder's worst input, 3.5 ms of CPU before it kept its Luhn sums as the
// window grew) and `_digit_list` over "1 / 1 / …" (a thousand one-digit parts for the phone finder). Then recall per kind on Presidio's synthetic
// set from FOCAL_EVAL_DIR (bench/public-eval/presidio-pii-bench.ts).

const PROSE =
  "Hello, I ordered the blue kettle last week and it arrived broken, the lid does not close and the base sparks. " +
  "Please refund card 4111 1111 1111 1111 or transfer to DE89 3704 0044 0532 0130 00, reference ORD-204918. " +
  "You can reach me at jane.doe@example.com or on +44 20 7946 0958 after 6 pm; order 123 was on 12/05. ";

function messageOf(unit: string, length = 4000): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

const DEFAULTS = PrivacySettings.config.parse({});
const EVERYTHING = PrivacySettings.config.parse({
  national_ids: ["us_ssn", "uk_nino", "ca_sin"],
  patterns: [{ name: "order_ref", pattern: "ORD-[0-9]{6}" }],
});

/** Wall-clock p95 (the figure) and CPU p95 (a note: on a loaded machine wall time counts waiting for a core). */
function p95(report: Report, name: string, message: string, settings: PrivacySettings, runs: number): void {
  for (let i = 0; i < 200; i++) maskPii(message, settings);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    maskPii(message, settings);
    const used = process.cpuUsage(cpuStart);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  report.figure(name, percentile(wall, 95).toFixed(3));
  report.note(
    `${name}: cpu p95 ${percentile(cpu, 95).toFixed(3)} ms, cpu p50 ${percentile(cpu, 50).toFixed(3)} ms, load average ${loadavg()[0]?.toFixed(1)}`,
  );
}

export async function benchPrivacy(report: Report, evalDir: string | undefined, runs = 500): Promise<void> {
  const prose = messageOf(PROSE);
  p95(report, "privacy_stage_ms_p95", prose, DEFAULTS, runs);
  p95(report, "privacy_stage_ms_p95_all", prose, EVERYTHING, runs);
  p95(report, "privacy_stage_ms_p95_digits", messageOf("12 34-56 7890 "), DEFAULTS, runs);
  p95(report, "privacy_stage_ms_p95_single_digits", messageOf("1 "), DEFAULTS, runs);
  p95(report, "privacy_stage_ms_p95_digit_list", messageOf("1 / "), DEFAULTS, runs);
  report.figure("privacy_stage_masked_per_message", maskPii(prose, DEFAULTS).masked.length);
  await benchPresidioPii(report, evalDir);
}
