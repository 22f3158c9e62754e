"use client";

import { useState } from "react";

// A failure sentence carries the whole reply; past this many characters it opens folded so a list of
// failures stays readable (200 is about two lines of the drawer at its narrowest).
const FOLDED_AT = 200;

/** A failure sentence, whole when short, folded behind "Show all" when long: nothing is ever cut off. */
export function FailureText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > FOLDED_AT;
  return (
    <span className="min-w-0 whitespace-pre-wrap break-words" data-testid="failure-text">
      {long && !open ? `${text.slice(0, FOLDED_AT)}…` : text}
      {long ? (
        <button
          type="button"
          className="ml-1 text-primary underline-offset-2 hover:underline"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? "Show less" : "Show all"}
        </button>
      ) : null}
    </span>
  );
}
