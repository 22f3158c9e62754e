import { readFile } from "node:fs/promises";
import path from "node:path";
import type { GroundingSources } from "@/lib/engine/stages/enforcement/grounding/check-grounding";

// MTRAG-UN's human evaluations (dev): 121 tasks, each answered by the reference, GPT-4o and
// Llama-3.1-405B, each answer rated 1-4 for faithfulness by three people. Read from $FOCAL_EVAL_DIR at
// bench time, never copied into the repository.

const FILE = "mtrag/human-evaluations-dev.json";

export interface RatedAnswer {
  taskId: string;
  model: string;
  answer: string;
  /** Median of the raters' faithfulness (1-4); ≤ 2 is unfaithful to the passages. */
  faithfulness: number;
  sources: GroundingSources;
}

interface Turn {
  speaker: string;
  text: string;
}
interface Task {
  task_id: string;
  input: Turn[];
  contexts: { document_id: string }[];
}
interface Evaluation {
  task_id: string;
  model_id: string;
  model_response: string;
  annotations: { faithfulness?: Record<string, { value: string }> };
}
interface HumanEvaluations {
  documents: { document_id: string; text: string }[];
  tasks: Task[];
  evaluations: Evaluation[];
}

const isHumanEvaluations = (value: unknown): value is HumanEvaluations =>
  typeof value === "object" &&
  value !== null &&
  ["documents", "tasks", "evaluations"].every((key) => Array.isArray((value as Record<string, unknown>)[key]));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Every rated answer with what its turn had: the task's gold passages and the customer's (user's)
 * turns. The agent's earlier turns are no source: raters judged every answer against the passages, and
 * an earlier answer's invention repeated is still an invention. Null with a reason when the file is not there.
 */
export async function loadRatedAnswers(
  evalDir: string | undefined,
): Promise<{ ok: true; answers: RatedAnswer[] } | { ok: false; reason: string }> {
  if (!evalDir) return { ok: false, reason: `${FILE}: skipped (no FOCAL_EVAL_DIR)` };
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path.join(evalDir, FILE), "utf8"));
  } catch (error) {
    return { ok: false, reason: `${FILE}: skipped (unreadable: ${(error as NodeJS.ErrnoException).code ?? "?"})` };
  }
  if (!isHumanEvaluations(data)) return { ok: false, reason: `${FILE}: skipped (unexpected shape)` };
  const documents = new Map(data.documents.map((d) => [d.document_id, d.text]));
  const tasks = new Map(data.tasks.map((t) => [t.task_id, t]));
  const answers: RatedAnswer[] = [];
  for (const evaluation of data.evaluations) {
    const task = tasks.get(evaluation.task_id);
    const ratings = Object.values(evaluation.annotations.faithfulness ?? {}).map((r) => Number(r.value));
    if (!task || ratings.length === 0) continue;
    answers.push({
      taskId: evaluation.task_id,
      model: evaluation.model_id,
      answer: evaluation.model_response,
      faithfulness: median(ratings),
      sources: {
        passages: task.contexts.map((c) => documents.get(c.document_id) ?? ""),
        customer: task.input.filter((t) => t.speaker === "user").map((t) => t.text),
      },
    });
  }
  return { ok: true, answers };
}
