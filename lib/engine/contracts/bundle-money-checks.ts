import type { Bundle } from "./bundle";
import { totalNameOf } from "./money-variable";

type Add = (path: string, message: string) => void;

const MONEY_FIELDS = ["currency", "context_words", "limit_words", "rates"] as const;

/**
 * Money variables: a currency and at least one context word (without them no amount can bind), no
 * rate for their own currency, and a `<name>_total` companion nobody else declares. Phrases variables:
 * at least one name. Other types carry none of these fields, so a type change never leaves a stale
 * rate or name list behind.
 */
export function checkMoneyVariables(bundle: Bundle, add: Add): void {
  const taken = new Map<string, string>();
  bundle.profile_fields.forEach((f, i) => {
    taken.set(f.field_name, `profile_fields[${i}]`);
  });
  bundle.variables.forEach((v, i) => {
    taken.set(v.name, `variables[${i}]`);
  });
  bundle.tools.forEach((t, i) => {
    for (const name of Object.keys(t.output.variables)) taken.set(name, `tools[${i}]`);
  });

  bundle.variables.forEach((variable, i) => {
    const at = `variables[${i}]`;
    if (variable.type === "phrases") {
      if (!variable.phrases?.length)
        add(`${at}.phrases`, 'A phrases variable needs at least one name, e.g. "QuickCart"');
    } else if (variable.phrases !== undefined) {
      add(`${at}.phrases`, "Only a phrases variable has phrases");
    }
    if (variable.type !== "money") {
      for (const field of MONEY_FIELDS) {
        if (variable[field] !== undefined) add(`${at}.${field}`, `Only a money variable has ${field}`);
      }
      return;
    }
    if (variable.currency === undefined) add(`${at}.currency`, "A money variable needs a currency, e.g. USD");
    if (!variable.context_words?.length) {
      add(`${at}.context_words`, 'A money variable needs at least one context word, e.g. "refund"');
    }
    if (variable.currency !== undefined && variable.rates && Object.hasOwn(variable.rates, variable.currency)) {
      add(`${at}.rates.${variable.currency}`, `${variable.currency} is the variable's own currency; it needs no rate`);
    }
    const total = totalNameOf(variable.name);
    const owner = taken.get(total);
    if (owner !== undefined) {
      add(`${at}.name`, `"${variable.name}" declares "${total}" for its total, which ${owner} already declares`);
    }
  });
}
