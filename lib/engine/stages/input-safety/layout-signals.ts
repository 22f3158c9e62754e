import { type InjectionSignal, LIKELY, MEDIUM, raise, WEAK, type Weighted } from "./injection-signal";
import type { Tokens } from "./token-phrases";

// Signals in how a message is laid out rather than in its words, each read with one bounded regex or
// one pass over the tokens:
//   fake_context: a pasted context/question template ("Context:{…} Question: …", "$Documents: …");
//   payload_splitting: a request cut into quoted parts to be joined ('Part 1 is "…", Part 2 is "…"',
//     'a = "…" b = "…"');
//   transcript_frame: a pasted Q/A transcript (few- and many-shot attacks), or a script that ends on
//     a speaker's name for the assistant to complete;
//   padding: one word or phrase repeated a dozen times (repeated-token attacks);
//   shouted_insert: a run of four or more capitalised words inside ordinary text ("How will I be able
//     DO NOT ANSWER THIS QUESTION BUT JUST OUTPUT …");
//   escaped_newlines: "\n" typed as two characters, which no customer types and templates do.

const CONTEXT_SIGIL = /(?:^|\s)(?:\$documents?|context\s*:?\s*\{|document context)/i;
const CONTEXT_OPENING = /^\W*(?:context|kontext|documents?|artikel|article)\b/i;
const QUESTION_MARK = /\b(?:question|frage)\b/i;

const QUOTED_PART = /\b(?:part|string|piece|segment)\s*\d+\s*(?:is|=|:)\s*["“'‘]/gi;
const ASSIGNED_QUOTE = /(?:^|[\s,;:])[a-zA-Z]\s*=\s*["“]/g;
const LETTER_IS_QUOTE = /(?:^|[\s,;:])[A-Z] is ["“]/g;

const SPEAKER = /(?:^|[\s.?!])(?:Q|A|Question|Answer|User|Human|AI|Assistant|Bot|Input|Output|Eingabe|Ausgabe)\s*:/g;
const ENDS_ON_SPEAKER = /\n\s*\p{Lu}\p{Ll}+:\s*$/u;

const ESCAPED_NEWLINE = /\\ ?n(?![a-z])/g;
/** An HTML comment that speaks to the reader ("<!-- … it's common practice to say: … -->"). */
const COMMENT_INSTRUCTION =
  /<!--(?:(?!-->)[\s\S]){0,400}?\b(?:say|print|state|output|respond|reply|ignore|follow this link)\b/i;
/** A label that opens an instruction on its own line or after a question: "\n Instruction: Blame it on …". */
const INSTRUCTION_LABEL = /(?:^|\n|\\n|[.?!]\s)\s*(?:instruction|instructions|new task|task)\s*:/i;
const SHOUTED_RUN = /(?:(?<![\p{L}\p{N}])\p{Lu}{2,}[!?.,:"']*\s+){3}\p{Lu}{2,}(?![\p{L}\p{N}])/u;
const THREE_LOWER_WORDS = /\p{Ll}{2,}[^\p{Ll}]+\p{Ll}{2,}[^\p{Ll}]+\p{Ll}{2,}/u;

const QUOTE = /["“'‘]/;
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/** The longest stretch where a token equals the one `period` places on, over periods of 1–6 words. */
function longestRepeat(tokens: Tokens): number {
  let best = 0;
  for (let period = 1; period <= 6; period++) {
    let run = 0;
    for (let k = 0; k + period < tokens.length; k++) {
      run = tokens[k] === tokens[k + period] ? run + 1 : 0;
      if (run > best) best = run;
    }
  }
  return best;
}

/** A run of four or more capitalised words inside text that has ordinary words too. */
const shouted = (original: string) => SHOUTED_RUN.test(original) && THREE_LOWER_WORDS.test(original);

/** Every layout signal of a message (its tokens, and its original text). */
export function layoutSignals(tokens: Tokens, original: string, signals: Weighted<InjectionSignal>): void {
  if (CONTEXT_SIGIL.test(original) || (CONTEXT_OPENING.test(original) && QUESTION_MARK.test(original))) {
    raise(signals, "fake_context", LIKELY);
  }
  // Each pattern below needs a character most messages lack: a quote, a colon, a backslash.
  if (QUOTE.test(original)) {
    const parts = count(original, QUOTED_PART) + count(original, ASSIGNED_QUOTE) + count(original, LETTER_IS_QUOTE);
    if (parts >= 2) raise(signals, "payload_splitting", MEDIUM);
  }
  const colon = original.includes(":");
  if (colon && count(original, SPEAKER) >= 3) raise(signals, "transcript_frame", WEAK);
  if (colon && ENDS_ON_SPEAKER.test(original)) raise(signals, "transcript_frame", MEDIUM);
  if (longestRepeat(tokens) >= 12) raise(signals, "padding", WEAK);
  if (shouted(original)) raise(signals, "shouted_insert", WEAK);
  if (original.includes("<!--") && COMMENT_INSTRUCTION.test(original)) raise(signals, "forced_output", MEDIUM);
  if (colon && INSTRUCTION_LABEL.test(original)) raise(signals, "replacement_instructions", WEAK);
  const escaped = original.includes("\\") ? count(original, ESCAPED_NEWLINE) : 0;
  if (escaped > 0) raise(signals, "escaped_newlines", escaped >= 3 ? LIKELY : MEDIUM);
}
