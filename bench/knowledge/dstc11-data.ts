import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ConversationTurn } from "@/lib/engine/knowledge/contextual-query";
import type { FaqEntry } from "@/lib/engine/knowledge/knowledge-source";
import { fnv1a } from "@/lib/engine/text/words";

// DSTC11 Track 5 (Amazon, CDLA-Sharing-1.0): hotels and restaurants with FAQ entries, and dialogue
// contexts whose last user turn may need that knowledge (`target`). Read from $FOCAL_EVAL_DIR/dstc11;
// never copied into the repo. Only the FAQs are the knowledge base here (reviews are opinions to
// summarise, not passages to cite).

interface DstcEntity {
  /** "hotel:20", "restaurant:508". */
  id: string;
  name: string;
  faqs: FaqEntry[];
}

interface DstcDialogue {
  turns: ConversationTurn[];
  target: boolean;
  /** Gold FAQ entries as `entity id:entry index`; empty when the answer is in reviews only. */
  goldFaqs: string[];
}

/**
 * Which half of val-dev a dialogue context is in: "tuning" (parameters were chosen on it) or
 * "held-out". The contexts of one dialogue share its first customer turn, so they fall in one half.
 */
export function dstcHalf(dialogue: Pick<DstcDialogue, "turns">): "tuning" | "held-out" {
  const first = dialogue.turns.find((turn) => turn.role === "customer")?.text ?? "";
  return fnv1a(first) % 2 === 0 ? "tuning" : "held-out";
}

export interface DstcData {
  entities: DstcEntity[];
  dialogues: DstcDialogue[];
}

type RawKnowledge = Record<string, Record<string, { name: string; faqs?: Record<string, FaqEntry> }>>;
type RawLog = { speaker: string; text: string }[];
interface RawLabel {
  target: boolean;
  knowledge?: { domain: string; entity_id: number | string; doc_type: string; doc_id: number | string }[];
}

export type DstcLoad = { ok: true; data: DstcData } | { ok: false; reason: string };

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, "utf8"));
}

export async function loadDstc11(evalDir: string | undefined): Promise<DstcLoad> {
  if (!evalDir) return { ok: false, reason: "skipped (no FOCAL_EVAL_DIR)" };
  const dir = path.join(evalDir, "dstc11");
  let knowledge: RawKnowledge;
  let logs: RawLog[];
  let labels: RawLabel[];
  try {
    [knowledge, logs, labels] = (await Promise.all([
      readJson(path.join(dir, "knowledge.json")),
      readJson(path.join(dir, "val-dev-logs.json")),
      readJson(path.join(dir, "val-dev-labels.json")),
    ])) as [RawKnowledge, RawLog[], RawLabel[]];
  } catch (error) {
    return { ok: false, reason: `skipped (${dir} unreadable: ${(error as NodeJS.ErrnoException).code ?? "error"})` };
  }
  if (!Array.isArray(logs) || !Array.isArray(labels) || logs.length !== labels.length) {
    return { ok: false, reason: "skipped (val-dev logs and labels differ in shape)" };
  }
  const entities: DstcEntity[] = [];
  const entryIndex = new Map<string, number>();
  for (const [domain, byId] of Object.entries(knowledge)) {
    for (const [entityId, entity] of Object.entries(byId)) {
      const id = `${domain}:${entityId}`;
      const faqs = Object.entries(entity.faqs ?? {});
      faqs.forEach(([docId], index) => {
        entryIndex.set(`${id}:${docId}`, index);
      });
      entities.push({ id, name: entity.name, faqs: faqs.map(([, faq]) => faq) });
    }
  }
  const dialogues = logs.map((log, i): DstcDialogue => {
    const label = labels[i] as RawLabel;
    const goldFaqs = (label.knowledge ?? [])
      .filter((k) => k.doc_type === "faq")
      .map((k) => {
        const entity = `${k.domain}:${k.entity_id}`;
        return `${entity}:${entryIndex.get(`${entity}:${k.doc_id}`) ?? -1}`;
      });
    return {
      turns: log.map((turn) => ({ role: turn.speaker === "U" ? "customer" : "agent", text: turn.text })),
      target: label.target === true,
      goldFaqs,
    };
  });
  return { ok: true, data: { entities, dialogues } };
}
