import { KeyRound } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import type { CredentialBody } from "@/lib/credentials/credential-schemas";
import { CredentialDialog } from "./credential-dialog";
import { DeleteCredentialButton } from "./delete-credential-button";

// Settings → Credentials: what the agent's http tools authenticate with (docs/tools.md#credentials).
// Listed by name, kind, environment and fingerprint, never by value; admins add, rotate and delete.

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
    <section aria-labelledby="credentials-title" id="credentials">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div>
            <CardTitle as="h2" id="credentials-title">
              Credentials
            </CardTitle>
            <CardDescription>
              Tokens and keys the agent&apos;s HTTP tools send. Values are sealed and never shown again; an environment
              may bind its own value to a name.
            </CardDescription>
          </div>
          {canEdit && credentials.length > 0 ? <CredentialDialog agentKey={agentKey} label="Add credential" /> : null}
        </CardHeader>
        <CardContent>
          {credentials.length === 0 ? (
            <EmptyState
              icon={<KeyRound />}
              title="No credentials yet"
              description={
                canEdit
                  ? "Add a token or API key, then pick it in an HTTP tool's Credential field."
                  : "An admin adds credentials here."
              }
              action={canEdit ? <CredentialDialog agentKey={agentKey} label="Add the first credential" /> : undefined}
            />
          ) : (
            <Table>
              <TableHeadings
                labels={["Name", "Kind", "Environment", "Fingerprint", "Used by", "Set"]}
                actions={canEdit}
              />
              <TableBody>
                {credentials.map((credential) => (
                  <TableRow
                    key={`${credential.name}/${credential.environment ?? ""}`}
                    data-testid={`credential-row-${credential.name}`}
                  >
                    <TableCell>
                      <Mono>{credential.name}</Mono>
                    </TableCell>
                    <TableCell>
                      <Badge variant="neutral">{KIND_SHORT[credential.kind]}</Badge>
                    </TableCell>
                    <TableCell>
                      {credential.environment ?? <span className="text-muted-foreground">default</span>}
                    </TableCell>
                    <TableCell>
                      <Mono data-testid="credential-fingerprint">{credential.fingerprint}</Mono>
                    </TableCell>
                    <TableCell className="text-xs">
                      {credential.used_by.length === 0 ? (
                        <span className="text-muted-foreground">no tool</span>
                      ) : (
                        credential.used_by.map((key) => (
                          <Link
                            key={key}
                            href={toolHref(agentKey, key)}
                            className="mr-1 underline-offset-2 hover:underline"
                          >
                            <Mono>{key}</Mono>
                          </Link>
                        ))
                      )}
                    </TableCell>
                    <TableCell className="text-muted-foreground text-xs tabular-nums">
                      {credential.rotated_at
                        ? `rotated ${day(credential.rotated_at)}`
                        : `added ${day(credential.created_at)}`}
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
                        <DeleteCredentialButton
                          agentKey={agentKey}
                          name={credential.name}
                          environment={credential.environment}
                        />
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
