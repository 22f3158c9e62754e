import { PLACEHOLDER } from "./placeholder";

/**
 * The text with each placeholder the lookup knows replaced by its real value; one it does not know
 * (another session's, a vault that cannot be read, a customer typing "[CARD_9]") stays as written.
 */
export function restorePlaceholders(text: string, realValueOf: (placeholder: string) => string | undefined): string {
  return text.replace(PLACEHOLDER, (placeholder) => realValueOf(placeholder) ?? placeholder);
}

/** Every input string with its placeholders restored, objects and arrays walked (a tool's input). */
export function restoreInValue(value: unknown, realValueOf: (placeholder: string) => string | undefined): unknown {
  if (typeof value === "string") return restorePlaceholders(value, realValueOf);
  if (Array.isArray(value)) return value.map((item) => restoreInValue(item, realValueOf));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, restoreInValue(item, realValueOf)]));
  }
  return value;
}
