import type { DesignerPattern } from "../../contracts/privacy-settings";
import { compileDesignerPattern } from "../../regex/compile-designer-pattern";
import type { PiiDetector, PiiMatch } from "./pii-match";

// Patterns a designer declares (privacy.patterns): run on re2js like every designer regex
// (regex/compile-designer-pattern.ts), so a pattern matches in time linear in the text whatever it is.
// An empty match masks nothing.

/** A detector for one designer pattern; a pattern that does not compile (refused at save) finds nothing. */
export function designerPatternDetector(pattern: DesignerPattern): PiiDetector {
  const compiled = compileDesignerPattern(pattern.pattern, { caseInsensitive: false });
  const label = pattern.name.toUpperCase();
  if (!compiled.ok) return () => [];
  return (text) => {
    const found: PiiMatch[] = [];
    const matcher = compiled.regex.matcher(text);
    while (matcher.find()) {
      const start = matcher.start();
      const end = matcher.end();
      if (end === start) continue;
      const value = text.slice(start, end);
      found.push({ start, end, label, value, normalized: value });
    }
    return found;
  };
}
