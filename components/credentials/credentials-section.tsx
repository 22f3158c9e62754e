import { KeyRound } from "lucide-react";
import { CardListSection } from "@/components/ui/card-list-section";
import { Table, TableBody, TableHeadings } from "@/components/ui/table";
import type { CredentialBody } from "@/lib/credentials/credential-schemas";
import { CredentialDialog } from "./credential-dialog";
import { CredentialRow } from "./credential-row";

// Settings → Credentials: what the agent's http tools authenticate with (docs/tools.md#credentials).
// Listed by name, kind, environment and fingerprint, never by value; admins add, rotate and delete.

export function CredentialsSection({
  agentKey,
  credentials,
  canEdit,
}: {
  agentKey: string;
  credentials: CredentialBody[];
  canEdit: boolean;
}) {
  return (
    <CardListSection
      id="credentials"
      title="Credentials"
      description="Tokens and keys the agent's HTTP tools send. Values are sealed and never shown again; an environment may bind its own value to a name."
      add={canEdit ? <CredentialDialog agentKey={agentKey} label="Add credential" /> : null}
      empty={
        credentials.length > 0
          ? null
          : {
              icon: <KeyRound />,
              title: "No credentials yet",
              description: canEdit
                ? "Add a token or API key, then pick it in an HTTP tool's Credential field."
                : "An admin adds credentials here.",
              action: canEdit ? <CredentialDialog agentKey={agentKey} label="Add the first credential" /> : undefined,
            }
      }
    >
      <Table>
        <TableHeadings labels={["Name", "Kind", "Environment", "Fingerprint", "Used by", "Set"]} actions={canEdit} />
        <TableBody>
          {credentials.map((credential) => (
            <CredentialRow
              key={`${credential.name}/${credential.environment ?? ""}`}
              agentKey={agentKey}
              credential={credential}
              canEdit={canEdit}
            />
          ))}
        </TableBody>
      </Table>
    </CardListSection>
  );
}
