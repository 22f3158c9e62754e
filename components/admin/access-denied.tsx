import { Alert } from "@/components/ui/alert";

export function AccessDenied({ needs, have }: { needs: string; have: string }) {
  return (
    <Alert variant="warning" title="Not available to your role">
      This page needs the {needs} role; you are signed in as {have}. Ask an admin to change your role.
    </Alert>
  );
}
