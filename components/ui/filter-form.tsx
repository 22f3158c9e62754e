"use client";

import { LoaderCircle } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useRef, useTransition } from "react";
import { cn } from "./cn";

// Typing pauses this long before the URL changes, so a search is not run on every keystroke.
const TYPING_DEBOUNCE_MS = 400;

/** Whether the field no longer shows what the server rendered: someone chose or typed before hydration. */
function changedBeforeHydration(field: HTMLInputElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLInputElement) return field.value !== field.defaultValue;
  const rendered = Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0];
  return field.value !== (rendered?.value ?? "");
}

interface FilterFormProps {
  /** The page the filters apply to; its query string becomes the form's non-empty fields. */
  action: string;
  "aria-label": string;
  className?: string;
  children: ReactNode;
}

/**
 * Filters that apply as they change, the same on every list page: a select or a date applies at once,
 * typed text after a pause or on Enter. The filters live in the URL (bookmarkable, back-button
 * friendly) and a new filter starts again from the first page.
 */
export function FilterForm({ action, className, children, ...props }: FilterFormProps) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [pending, startNavigation] = useTransition();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const apply = useCallback(() => {
    window.clearTimeout(timer.current);
    if (!form.current) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form.current)) {
      if (typeof value === "string" && value !== "") params.append(name, value);
    }
    const query = params.toString();
    startNavigation(() => router.replace(query ? `${action}?${query}` : action, { scroll: false }));
  }, [action, router]);

  // A link can change the filters too (a violation chip, Clear): show what the URL now says, except
  // in the field being typed in, which already does.
  const params = useSearchParams();
  const hydrated = useRef(false);
  useEffect(() => {
    const fields = Array.from(form.current?.elements ?? []).filter(
      (field): field is HTMLInputElement | HTMLSelectElement =>
        (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
        Boolean(field.name) &&
        field.type !== "hidden",
    );
    // A choice made while the page was still loading had no handler to apply it: apply it now
    // instead of putting the URL's value back over it.
    if (!hydrated.current) {
      hydrated.current = true;
      if (fields.some(changedBeforeHydration)) {
        apply();
        return;
      }
    }
    for (const field of fields) {
      if (field !== document.activeElement) field.value = params.get(field.name) ?? "";
    }
  }, [params, apply]);

  return (
    <form
      ref={form}
      method="get"
      action={action}
      aria-label={props["aria-label"]}
      aria-busy={pending || undefined}
      className={cn("relative", className)}
      onChange={(event) => {
        const target = event.nativeEvent.target;
        const typed = target instanceof HTMLInputElement && (target.type === "search" || target.type === "text");
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(apply, typed ? TYPING_DEBOUNCE_MS : 0);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      {children}
      <span role="status" className="flex h-8 items-center text-muted-foreground text-xs">
        {pending ? (
          <>
            <LoaderCircle aria-hidden className="mr-1 size-3.5 animate-spin motion-reduce:animate-none" />
            Updating…
          </>
        ) : null}
      </span>
    </form>
  );
}
