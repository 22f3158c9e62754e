import Link from "next/link";
import { Alert } from "@/components/ui/alert";

/** The `{ ok: false }` half of an action result, as the sandbox keeps it for display. */
export interface SandboxError {
  code: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
}

/** What the operator can do about each error code: errors say what to do next . */
function nextStep(error: SandboxError, signInHref: string) {
  switch (error.code) {
    case "UNAUTHENTICATED":
      return (
        <>
          Your sign-in has expired. <Link href={signInHref}>Sign in again</Link>; your message is still in the box.
        </>
      );
    case "FORBIDDEN":
      return "Ask an admin for the designer role to chat in the sandbox.";
    case "VALIDATION":
      return "Edit the message and send it again.";
    case "NOT_FOUND":
      return "This session or agent no longer exists: press New session to start another.";
    case "NETWORK":
      return "Check the connection (or that the server is running), then send again.";
    case "RATE_LIMITED":
    case "UNAVAILABLE":
      return "Wait a few seconds and send again.";
    case "DB_UNAVAILABLE":
    case "RETRY":
      return "Send again in a second; your message is still in the box.";
    case "CONFLICT":
      return "Another turn changed this session at the same time: send again.";
    default:
      return "Send again; if it keeps failing, give the request id above to whoever runs Focal.";
  }
}

export function ActionError({ error, signInHref }: { error: SandboxError; signInHref: string }) {
  const fieldMessages = Object.values(error.fieldErrors ?? {}).flat();
  const title = fieldMessages.length > 0 ? fieldMessages.join(" ") : error.message;
  return (
    <Alert variant="danger" title={title} className="py-2">
      {nextStep(error, signInHref)}
    </Alert>
  );
}
