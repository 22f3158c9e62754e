import { z } from "zod";
import { count, section } from "./settings-section";

/**
 * Knowledge (docs/knowledge.md): how many of the best passages the reply is written from, and what the
 * agent says when a question its knowledge does not answer reaches no scenario and no tool — it says
 * so instead of guessing. The reply then offers a person (`offer_person`; empty: no offer).
 */
export const KnowledgeSettings = section(
  {
    passages_in_prompt: count(1, 10),
    no_answer_reply: z.string().trim().min(1).max(1000),
    offer_person: z.string().trim().max(500),
  },
  {
    passages_in_prompt: 3,
    no_answer_reply: "I'm sorry, I don't have information about that, and I'd rather not guess.",
    offer_person: "If you like, I can connect you with a member of our team.",
  },
);
