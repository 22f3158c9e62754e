"use client";

import { Play } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LabelledControl } from "@/components/ui/labelled-control";
import { SectionCard } from "@/components/ui/section-card";
import { LabelledOptions, NativeSelect, ValueOptions } from "@/components/ui/select";
import { suitesAndTags } from "@/lib/conversation-tests/case-list";
import { testsHref } from "@/lib/conversation-tests/tests-href";
import { type BundleTestCase, MAX_TRIES } from "@/lib/engine/contracts/test-case";
import { useStartTestRun } from "./use-test-run";

const MODES = {
  frozen: "frozen · recorded answers",
  offline: "offline · offline model",
  live: "live · configured provider",
} as const;
type Mode = keyof typeof MODES;

interface RunSuiteFormProps {
  agentKey: string;
  tests: BundleTestCase[];
  canRun: boolean;
}

/** "Run suite": which suite, the mode, pass^k's k and the tries; the run opens below once started. */
export function RunSuiteForm({ agentKey, tests, canRun }: RunSuiteFormProps) {
  const router = useRouter();
  const { suites } = suitesAndTags(tests);
  const [suite, setSuite] = useState("");
  const [mode, setMode] = useState<Mode>("frozen");
  const [k, setK] = useState(1);
  const [tries, setTries] = useState(1);
  const run = useStartTestRun(agentKey, (id) => router.push(testsHref(agentKey, { run: id }), { scroll: false }));
  const triesError = tries < k ? "Tries must be at least k." : null;

  return (
    <SectionCard
      title="Run suite"
      description={
        <>
          pass^k is the share of cases that pass all of k tries. Frozen and offline runs are deterministic: one try
          stands for all; live runs try each case for real.
        </>
      }
    >
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (triesError) return;
          void run.start({ suite: suite || undefined, mode, k, tries });
        }}
      >
        <LabelledControl id="run-suite" label="Suite">
          <NativeSelect id="run-suite" value={suite} onChange={(e) => setSuite(e.target.value)} selectClassName="w-40">
            <option value="">Every suite</option>
            <ValueOptions values={suites} />
          </NativeSelect>
        </LabelledControl>
        <LabelledControl id="run-mode" label="Mode">
          <NativeSelect
            id="run-mode"
            value={mode}
            onChange={(e) => setMode(e.target.value as Mode)}
            selectClassName="w-60"
          >
            <LabelledOptions options={Object.entries(MODES).map(([value, label]) => ({ value, label }))} />
          </NativeSelect>
        </LabelledControl>
        <LabelledControl id="run-k" label="k">
          <Input
            id="run-k"
            type="number"
            min={1}
            max={MAX_TRIES}
            value={k}
            onChange={(e) => {
              // k and Tries are separate numbers: a k above Tries is an error to fix, never a silent change.
              setK(Number(e.target.value) || 1);
            }}
            className="w-16 font-mono"
          />
        </LabelledControl>
        <LabelledControl id="run-tries" label="Tries">
          <Input
            id="run-tries"
            type="number"
            min={k}
            max={MAX_TRIES}
            value={tries}
            onChange={(e) => setTries(Number(e.target.value) || 1)}
            aria-invalid={triesError ? true : undefined}
            aria-describedby={triesError ? "run-tries-error" : undefined}
            className="w-16 font-mono"
          />
        </LabelledControl>
        <Button type="submit" disabled={!canRun || triesError !== null} pending={run.starting} data-testid="run-suite">
          <Play aria-hidden="true" />
          Run suite
        </Button>
      </form>
      {triesError ? (
        <p id="run-tries-error" className="mt-2 text-danger text-xs">
          {triesError}
        </p>
      ) : null}
      {canRun ? null : <p className="mt-2 text-muted-foreground text-xs">Read-only: a designer can run the suite.</p>}
      {run.error ? (
        <Alert variant="danger" className="mt-3">
          {run.error}
        </Alert>
      ) : null}
    </SectionCard>
  );
}
