import { cn } from "./cn";

export type FieldErrorProps = {
  messages?: string[];
  id?: string;
  className?: string;
};

/**
 * Inline field errors. The polite live region is always in the DOM (empty and zero-height when there
 * are no messages) so a screen reader announces errors that arrive after a server round trip.
 */
export function FieldError({ messages, id, className }: FieldErrorProps) {
  const unique = [...new Set((messages ?? []).filter((message) => message.trim() !== ""))];
  return (
    <div
      id={id}
      data-slot="field-error"
      aria-live="polite"
      className={cn("text-destructive text-xs leading-4 not-empty:mt-1", className)}
    >
      {unique.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
