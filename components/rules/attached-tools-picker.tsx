"use client";

import { FieldError } from "@/components/ui/field-error";
import type { RulesWorkspaceData } from "@/lib/rules/rules-workspace";

interface AttachedToolsPickerProps {
  value: string[];
  onChange: (tools: string[]) => void;
  tools: RulesWorkspaceData["tools"];
  errors?: string[];
}

/**
 * The agent's tools as checkboxes; checked tools run when the rule matches (single pass,
 * docs/decisions.md#tools-run-once).
 */
export function AttachedToolsPicker({ value, onChange, tools, errors }: AttachedToolsPickerProps) {
  const toggle = (key: string, on: boolean) => onChange(on ? [...value, key] : value.filter((k) => k !== key));
  return (
    <fieldset className="space-y-1">
      <legend className="font-medium text-sm">Attached tools</legend>
      {tools.length === 0 ? (
        <p className="text-muted-foreground text-xs">This agent has no tools yet; add one on the Tools page.</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {tools.map((tool) => (
            <label key={tool.key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={value.includes(tool.key)}
                onChange={(event) => toggle(tool.key, event.target.checked)}
              />
              {tool.name}
              <span className="font-mono text-muted-foreground text-xs">{tool.key}</span>
            </label>
          ))}
        </div>
      )}
      <p className="text-muted-foreground text-xs">Run when the rule matches; their outputs become variables.</p>
      <FieldError messages={errors} />
    </fieldset>
  );
}
