import { indexText, type TextIndex } from "./source-index";

/**
 * The agent's own texts (rule names, conditions and actions, scenario and step texts, descriptions),
 * each read for facts at most once per compiled agent instead of on every draft: at 1,000 rules a
 * turn's evidence holds about 60 of them, 3,000 characters, and reading them was 45% of the turn.
 * Only the texts named at compile time are kept, so a long-lived agent holds no customer text; any
 * other text is read afresh. The readings are those of `indexText`, so the check's result is the same.
 */
export class KnownTexts {
  private readonly read = new Map<string, TextIndex>();

  constructor(private readonly texts: ReadonlySet<string>) {}

  index = (text: string): TextIndex => {
    if (!this.texts.has(text)) return indexText(text);
    let index = this.read.get(text);
    if (!index) {
      index = indexText(text);
      this.read.set(text, index);
    }
    return index;
  };
}
