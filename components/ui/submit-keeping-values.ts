import type { FormEvent } from "react";

/**
 * A form's submit handler that keeps what was typed and chosen. React resets a `<form action={fn}>`
 * after every submission, including one the server refuses: text inputs go blank and a select falls
 * back to its first default (an operator added after a short-password error became a viewer). Handling
 * `onSubmit` instead leaves the form as it is; a form clears itself after a success (a new `key`).
 */
export function submitKeepingValues(handle: (form: FormData) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    handle(new FormData(event.currentTarget));
  };
}

/**
 * A form's submit handler for a form whose values live in React state: the browser's own submit (a
 * page load) is stopped and `act` runs instead.
 */
export function submitWithoutReload(act: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    act();
  };
}
