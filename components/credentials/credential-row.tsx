"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmedDeleteButton } from "@/components/ui/confirmed-delete-button";
import { Mono } from "@/components/ui/mono";
import { TableCell, TableRow } from "@/components/ui/table";
import type { CredentialBody } from "@/lib/credentials/credential-schemas";
import { deleteCredential } from "@/lib/credentials/credentials-client";
import { CredentialDialog } from "./credential-dialog";

const KIND_SHORT: Record<CredentialBody["kind"], string> = {
  bearer: "bearer",
  header: "header",
  basic: "basic",
  query: "query",
  oauth2_client_credentials: "OAuth2 client",
};

const day = (iso: string) => iso.slice(0, 10);
/** The tool's editor, opened: its Try it makes a real call with the credential the tool names. */
const toolHref = (agentKey: string, tool: string) =>
  `/agents/${encodeURIComponent(agentKey)}/tools?tool=${encodeURIComponent(tool)}`;

/**
 * One binding of a credential: never its value, only its fingerprint. Admins test, rotate and delete it;
 * a delete is refused (409) while tools would be left without a value, and the dialog shows why.
 */
export function CredentialRow({
  agentKey,
  credential,
  canEdit,
}: {
  agentKey: string;
  credential: CredentialBody;
  canEdit: boolean;
}) {
  const which = credential.environment ? `${credential.name} (${credential.environment})` : credential.name;
  return (
    <TableRow data-testid={`credential-row-${credential.name}`}>
      <TableCell>
        <Mono>{credential.name}</Mono>
      </TableCell>
      <TableCell>
        <Badge variant="neutral">{KIND_SHORT[credential.kind]}</Badge>
      </TableCell>
      <TableCell>{credential.environment ?? <span className="text-muted-foreground">default</span>}</TableCell>
      <TableCell>
        <Mono data-testid="credential-fingerprint">{credential.fingerprint}</Mono>
      </TableCell>
      <TableCell className="text-xs">
        {credential.used_by.length === 0 ? (
          <span className="text-muted-foreground">no tool</span>
        ) : (
          credential.used_by.map((key) => (
            <Link key={key} href={toolHref(agentKey, key)} className="mr-1 underline-offset-2 hover:underline">
              <Mono>{key}</Mono>
            </Link>
          ))
        )}
      </TableCell>
      <TableCell className="text-muted-foreground text-xs tabular-nums">
        {credential.rotated_at ? `rotated ${day(credential.rotated_at)}` : `added ${day(credential.created_at)}`}
      </TableCell>
      {canEdit ? (
        <TableCell className="space-x-1 text-right">
          {credential.used_by[0] ? (
            <Button asChild size="sm" variant="outline">
              <Link
                href={toolHref(agentKey, credential.used_by[0])}
                title={`Opens ${credential.used_by[0]}: its Try it calls the API with this credential now`}
              >
                Test
              </Link>
            </Button>
          ) : null}
          <CredentialDialog agentKey={agentKey} rotating={credential} label="Rotate" variant="outline" />
          <ConfirmedDeleteButton
            label={`Delete credential ${which}`}
            title={`Delete ${which}?`}
            description="Tools that name it stop sending it. Its value cannot be recovered."
            testId="delete-credential-dialog"
            remove={() => deleteCredential(agentKey, credential.name, credential.environment)}
          />
        </TableCell>
      ) : null}
    </TableRow>
  );
}
