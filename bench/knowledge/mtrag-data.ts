import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ConversationTurn } from "@/lib/engine/knowledge/contextual-query";

// MTRAG-UN dev (IBM, Apache-2.0): one task a line, a conversation whose last user turn is the
// question, its gold passages (`contexts`) and whether the passages answer it. Read from
// $FOCAL_EVAL_DIR/mtrag; never copied into the repo. A collection's knowledge base is the passages of
// its tasks (the full collections are not public here).

export type Answerability = "ANSWERABLE" | "UNANSWERABLE" | "PARTIAL" | "UNDERSPECIFIED";

interface MtragDocument {
  id: string;
  title: string;
  text: string;
}

interface MtragTask {
  taskId: string;
  /** The conversation the task's question ends: held-out folds split by it. */
  conversationId: string;
  collection: string;
  turns: ConversationTurn[];
  gold: string[];
  answerability: Answerability;
}

export interface MtragData {
  tasks: MtragTask[];
  /** Collection → its distinct passages, in the order first met. */
  collections: Map<string, MtragDocument[]>;
}

interface RawTask {
  task_id: string;
  conversation_id?: string;
  Collection: string;
  input: { speaker: string; text: string }[];
  contexts: { document_id: string; title?: string; text: string }[];
  answerability: string[];
}

function isRawTask(value: unknown): value is RawTask {
  const row = value as RawTask;
  return (
    typeof row?.task_id === "string" &&
    typeof row.Collection === "string" &&
    Array.isArray(row.input) &&
    Array.isArray(row.contexts) &&
    Array.isArray(row.answerability)
  );
}

export type MtragLoad = { ok: true; data: MtragData } | { ok: false; reason: string };

export async function loadMtrag(evalDir: string | undefined): Promise<MtragLoad> {
  if (!evalDir) return { ok: false, reason: "skipped (no FOCAL_EVAL_DIR)" };
  const file = path.join(evalDir, "mtrag", "mtragun-dev.jsonl");
  let lines: string[];
  try {
    lines = (await readFile(file, "utf8")).split("\n").filter((line) => line.trim() !== "");
  } catch (error) {
    return { ok: false, reason: `skipped (${file} unreadable: ${(error as NodeJS.ErrnoException).code ?? "error"})` };
  }
  const tasks: MtragTask[] = [];
  const collections = new Map<string, Map<string, MtragDocument>>();
  for (const line of lines) {
    const raw: unknown = JSON.parse(line);
    if (!isRawTask(raw)) return { ok: false, reason: "skipped (mtragun-dev.jsonl: unexpected shape)" };
    const documents = collections.get(raw.Collection) ?? new Map<string, MtragDocument>();
    collections.set(raw.Collection, documents);
    for (const context of raw.contexts) {
      if (!documents.has(context.document_id)) {
        documents.set(context.document_id, { id: context.document_id, title: context.title ?? "", text: context.text });
      }
    }
    tasks.push({
      taskId: raw.task_id,
      conversationId: raw.conversation_id ?? raw.task_id,
      collection: raw.Collection,
      turns: raw.input.map((turn) => ({ role: turn.speaker === "user" ? "customer" : "agent", text: turn.text })),
      gold: raw.contexts.map((context) => context.document_id),
      answerability: (raw.answerability[0] ?? "ANSWERABLE") as Answerability,
    });
  }
  return {
    ok: true,
    data: { tasks, collections: new Map([...collections].map(([name, docs]) => [name, [...docs.values()]])) },
  };
}
