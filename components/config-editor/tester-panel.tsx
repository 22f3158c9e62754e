import type { ReactNode } from "react";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";

interface TesterPanelProps {
  /** "cel-tester": the section is named by its heading, `${id}-title`. */
  id: string;
  title: string;
  /** What the panel does, under its heading. */
  intro: string;
  /** A further note under the intro (the CEL tester's money note). */
  note?: ReactNode;
  children: ReactNode;
}

/** The panel beside an editor's form where the draft is tried: a heading, what it does, then its controls. */
export function TesterPanel({ id, title, intro, note, children }: TesterPanelProps) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-border p-3">
      <div>
        <h3 id={`${id}-title`} className="font-semibold text-sm">
          {title}
        </h3>
        <p className="text-muted-foreground text-xs">{intro}</p>
        {note}
      </div>
      {children}
    </section>
  );
}

interface TesterValueProps {
  id: string;
  name: string;
  /** Its type in words beside the name ("int", "boolean · required"). */
  about: ReactNode;
  /** A boolean is chosen (no value, true, false), other values typed; none for a name without a type. */
  control: "boolean" | "text" | "none";
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Enter in the text box (the tool tester runs). */
  onEnter?: () => void;
  error?: string;
}

/** One value the draft is tried with: its name and type, a choice for a boolean or a text box, its error. */
export function TesterValue(props: TesterValueProps) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={props.id}>
        <span className="font-mono text-xs">{props.name}</span>
        <span className="font-normal text-muted-foreground text-xs">{props.about}</span>
      </Label>
      {props.control === "none" ? null : props.control === "boolean" ? (
        <NativeSelect id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
          <option value="">no value</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </NativeSelect>
      ) : (
        <Input
          id={props.id}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          onKeyDown={
            props.onEnter
              ? (event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    props.onEnter?.();
                  }
                }
              : undefined
          }
          placeholder={props.placeholder}
          className="font-mono text-xs"
          aria-invalid={props.error ? true : undefined}
        />
      )}
      <FieldError messages={props.error ? [props.error] : undefined} />
    </div>
  );
}
