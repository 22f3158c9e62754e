import { detectLanguage } from "@/lib/engine/text/language";
import { LANGUAGE_SAMPLES } from "@/lib/engine/text/language-samples";
import { loadClinc } from "./clinc/clinc-data";
import { percentile, type Report } from "./report";

// The language detector (lib/engine/text/language.ts) on data nobody here wrote: every CLINC150 test
// and out-of-scope test message is English, so any other language named is a wrong call that would
// ask a model for a reply in the wrong language, or refuse the customer. Beside it, the share of the
// repo's French, German and Spanish samples named right, and the time per message.
// BENCH_ONLY_LANGUAGE=1 runs just this section; the CLINC part needs FOCAL_EVAL_DIR.

export async function benchLanguage(report: Report, evalDir: string | undefined): Promise<void> {
  const samples = Object.entries(LANGUAGE_SAMPLES).flatMap(([code, texts]) => texts.map((text) => ({ code, text })));
  const right = samples.filter((s) => detectLanguage(s.text).language === s.code).length;
  const wrong = samples.filter((s) => {
    const found = detectLanguage(s.text).language;
    return found !== null && found !== "en" && found !== s.code;
  }).length;
  report.figure("language_samples_detected_share", (right / samples.length).toFixed(3));
  report.note(
    `language: ${right}/${samples.length} fr/de/es samples named right, ${wrong} named another non-English language`,
  );
  const loaded = await loadClinc(evalDir);
  if (!loaded.ok) {
    report.note(`language on clinc: ${loaded.reason}`);
    return;
  }
  const english = [...loaded.data.test, ...loaded.data.oos_test].map(([text]) => text);
  const times: number[] = [];
  let other = 0;
  let unclear = 0;
  for (const text of english) {
    const start = performance.now();
    const found = detectLanguage(text).language;
    times.push(performance.now() - start);
    if (found === null) unclear += 1;
    else if (found !== "en") other += 1;
  }
  report.figure("language_non_english_rate_clinc", (other / english.length).toFixed(4));
  report.figure("language_ms_p95", percentile(times, 95).toFixed(3));
  report.note(
    `language on CLINC150 test + oos_test (${english.length} English messages): ${other} named another language, ${unclear} not clear (answered in the default language)`,
  );
}
