"use client";

import { Input } from "@/components/ui/input";
import { MAX_PHRASES } from "@/lib/engine/contracts/bundle";
import type { VariableForm } from "@/lib/fields/editor-forms";
import { phraseProblem } from "@/lib/fields/phrases-form";
import { ListRowsField, listRowsOf } from "./list-rows-field";

interface PhrasesFieldProps {
  form: VariableForm;
  update: (patch: Partial<VariableForm>) => void;
  errors: Partial<Record<string, string[]>>;
  readOnly: boolean;
}

/** A phrases variable's names, one per row, each checked as typed with the bundle's own schema. */
export function PhrasesField({ form, update, errors, readOnly }: PhrasesFieldProps) {
  return (
    <div data-testid="phrases-fields" className="rounded-lg border border-border p-3">
      <ListRowsField
        id="variable-phrase"
        legend="Names"
        hint="Names the reply must not contain, as a customer reads them, e.g. QuickCart or Acme Retail. Case, accents, look-alike letters and leetspeak do not matter; between the words of a name any spaces, hyphens, dots, underscores, slashes or line breaks match, or none (Acme Retail = AcmeRetail = Acme-Retail). Words joined in camelCase (QuickCart) also match hyphenated, split over lines, or as two capitalised words (Quick Cart), but not as ordinary words (a quick cart). A name inside a longer word does not match (QuickCartridge)."
        {...listRowsOf({ form, update, errors, readOnly })("phrases", "Name")}
        max={MAX_PHRASES}
        renderRow={({ value, index, inputId, label, set }) => {
          const problem = phraseProblem(value);
          return (
            <div className="flex-1">
              <Input
                id={inputId}
                aria-label={label}
                aria-describedby={`variable-phrase-problem-${index}`}
                aria-invalid={problem !== null}
                value={value}
                placeholder="QuickCart"
                onChange={(e) => set(e.target.value)}
                className="text-xs"
              />
              {problem ? (
                <span id={`variable-phrase-problem-${index}`} role="status" className="block text-destructive text-xs">
                  {label}: {problem}
                </span>
              ) : null}
            </div>
          );
        }}
      />
    </div>
  );
}
