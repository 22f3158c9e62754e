"use client";

import { Input } from "@/components/ui/input";
import { TextField } from "@/components/ui/text-field";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import type { VariableForm } from "@/lib/fields/editor-forms";
import { contextWordProblem, currencyProblem, rateRow, rateRowProblem, splitRateRow } from "@/lib/fields/money-form";
import { type ListRow, ListRowsField, listRowsOf } from "./list-rows-field";

// BundleVariable's limits (bundle.ts): 50 context words, 50 limit words, 50 rates.
const MAX_CONTEXT_WORDS = 50;
const MAX_LIMIT_WORDS = 50;
const MAX_RATES = 50;

interface MoneyFieldsProps {
  form: VariableForm;
  update: (patch: Partial<VariableForm>) => void;
  errors: Partial<Record<string, string[]>>;
  readOnly: boolean;
}

function RowProblem({ id, problem }: { id: string; problem: string | null }) {
  return problem ? (
    <span id={id} role="status" className="block text-destructive text-xs">
      {problem}
    </span>
  ) : null;
}

/** A context or limit word's row: its input and, as typed, what the save would refuse of it. */
function WordRow({ row, id, placeholder }: { row: ListRow; id: string; placeholder: string }) {
  const problemId = `${id}-problem-${row.index}`;
  return (
    <div className="flex-1">
      <Input
        id={row.inputId}
        aria-label={row.label}
        aria-describedby={problemId}
        value={row.value}
        maxLength={TEXT_LIMITS.contextWord}
        placeholder={placeholder}
        onChange={(e) => row.set(e.target.value)}
        className="text-xs"
      />
      <RowProblem id={problemId} problem={contextWordProblem(row.value)} />
    </div>
  );
}

/**
 * A money variable's currency, context words and rates, each checked as typed with the bundle's own
 * schemas (money-form.ts); the save checks them again against the whole agent.
 */
export function MoneyFields({ form, update, errors, readOnly }: MoneyFieldsProps) {
  const currency = form.currency.trim().toUpperCase() || "its currency";
  const typedCurrencyProblem = form.currency === "" ? null : currencyProblem(form.currency);
  const list = listRowsOf({ form, update, errors, readOnly });
  return (
    <div data-testid="money-fields" className="space-y-3 rounded-lg border border-border p-3">
      <TextField
        id="variable-currency"
        label="Currency"
        required
        errors={[...(errors.currency ?? []), ...(typedCurrencyProblem ? [typedCurrencyProblem] : [])]}
        hint="ISO 4217 code every amount is compared in, e.g. USD. Amounts in other currencies are converted with the rates below, or left unresolved."
        value={form.currency}
        onChange={(currency) => update({ currency: currency.toUpperCase() })}
        maxLength={TEXT_LIMITS.currency}
        placeholder="USD"
        readOnly={readOnly}
        inputClassName="w-24 font-mono text-xs uppercase"
      />
      <ListRowsField
        id="variable-context-word"
        legend="Context words"
        hint="Words that tie an amount to this variable: an amount binds when one stands within 5 words of it in the same sentence, either side (“refund of $75”, “$75 back”, “Refund: $ 75”). Case, accents and look-alike letters do not matter; a word of 5 letters or more also matches longer words (refund → refunded)."
        {...list("context_words", "Context word")}
        max={MAX_CONTEXT_WORDS}
        renderRow={(row) => <WordRow row={row} id="variable-context-word" placeholder="refund" />}
      />
      <ListRowsField
        id="variable-limit-word"
        legend="Limit words"
        hint="Words that make an amount a limit, a price or a total rather than a promise, on top of the English defaults (capped at, up to, over, maximum, threshold, order, item, price, total, paid…): “refunds are capped at $50”, “your order of $75” bind nothing. A promise still binds: “I can refund up to $75”."
        {...list("limit_words", "Limit word")}
        max={MAX_LIMIT_WORDS}
        renderRow={(row) => <WordRow row={row} id="variable-limit-word" placeholder="allowance" />}
      />
      <ListRowsField
        id="variable-rate"
        legend="Rates"
        hint={`How much one unit of another currency is worth in ${currency}, e.g. EUR 1.08. An amount in a currency without a rate is unresolved: by default it blocks the reply (Settings → enforcement.unresolved_money_blocks).`}
        {...list("rates", "Rate")}
        max={MAX_RATES}
        renderRow={({ value, index, inputId, label, set }) => {
          const [code, rate] = splitRateRow(value);
          return (
            <div className="flex-1">
              <div className="flex items-center gap-2 text-xs">
                <span className="text-muted-foreground">1</span>
                <Input
                  id={inputId}
                  aria-label={`${label} currency`}
                  aria-describedby={`variable-rate-problem-${index}`}
                  value={code}
                  maxLength={TEXT_LIMITS.currency}
                  placeholder="EUR"
                  onChange={(e) => set(rateRow(e.target.value.toUpperCase().replace(/\s/g, ""), rate))}
                  className="w-20 font-mono text-xs uppercase"
                />
                <span className="text-muted-foreground">=</span>
                <Input
                  aria-label={`${label} value`}
                  aria-describedby={`variable-rate-problem-${index}`}
                  value={rate}
                  inputMode="decimal"
                  placeholder="1.08"
                  onChange={(e) => set(rateRow(code, e.target.value))}
                  className="w-28 font-mono text-xs"
                />
                <span className="text-muted-foreground">{currency}</span>
              </div>
              <RowProblem id={`variable-rate-problem-${index}`} problem={rateRowProblem(value, form.currency)} />
            </div>
          );
        }}
      />
    </div>
  );
}
