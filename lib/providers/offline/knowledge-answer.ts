import type { GenerateOutput, GenerateRequest } from "@/lib/engine/contracts/model";
import { seeksKnowledge } from "@/lib/engine/knowledge/seeks-knowledge";
import { terms } from "@/lib/engine/knowledge/terms";

/** Sentences quoted at most: an answer, and the sentence that completes it ("…; the label is free."). */
const MAX_SENTENCES = 2;
/** Terms the best sentence must share with the question before it takes over from a step or a tool. */
const MIN_SHARED_IN_FLOW = 2;

function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * The offline provider's answer from knowledge (docs/knowledge.md): the sentences of the handed
 * passages that share the most terms with the customer's message, quoted as written, best passage
 * first, declared as citations. Extractive, so every fact it states is in a passage. Inside a
 * scenario's step or beside a tool's output it answers only a question (seeks-knowledge.ts) whose words
 * the passages share more of than the tool outputs do: "how long does standard shipping take?" asked
 * where the price list was looked up. Null when the reply is not the knowledge's to give.
 */
export function knowledgeAnswer(request: GenerateRequest): GenerateOutput | null {
  const passages = request.knowledge?.passages ?? [];
  if (passages.length === 0) return null;
  const inFlow = request.step !== null || request.toolOutputs.length > 0;
  if (inFlow && !seeksKnowledge(request.message)) return null;
  const wanted = new Set(terms(request.message));
  const scored = passages.flatMap((passage, rank) =>
    sentencesOf(passage.text).map((sentence, position) => ({
      passage,
      sentence,
      order: rank * 1000 + position,
      shared: new Set(terms(sentence).filter((t) => wanted.has(t))).size,
    })),
  );
  const best = scored
    .filter((s) => s.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.order - b.order)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.order - b.order);
  if (inFlow) {
    const fromTools = new Set(
      terms(JSON.stringify(request.toolOutputs.map((t) => t.output))).filter((t) => wanted.has(t)),
    );
    const shared = best[0]?.shared ?? 0;
    if (shared < MIN_SHARED_IN_FLOW || shared <= fromTools.size) return null;
  }
  const chosen = best.length > 0 ? best : scored.slice(0, 1);
  if (chosen.length === 0) return null;
  return {
    text: chosen.map((s) => s.sentence).join(" "),
    citations: [...new Set(chosen.map((s) => s.passage.id))],
  };
}
