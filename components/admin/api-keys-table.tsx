"use client";

import { Badge } from "@/components/ui/badge";
import type { Column } from "@/components/ui/column-table";
import { Mono } from "@/components/ui/mono";
import { revokeApiKeyAction } from "@/lib/actions/api-keys/revoke-api-key";
import { KeysTable } from "./keys-table";
import { utcMinute } from "./utc-minute";

export interface ApiKeyListItem {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  /** The agent keys it is limited to; null: every agent. */
  agents: string[] | null;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const COLUMNS: Column<ApiKeyListItem>[] = [
  { label: "Name", className: "font-medium", cell: (key) => key.name },
  { label: "Key", cell: (key) => <Mono>{key.prefix}…</Mono> },
  {
    label: "Scopes",
    className: "space-x-1",
    cell: (key) =>
      key.scopes.map((scope) => (
        <Badge key={scope} variant="neutral">
          {scope}
        </Badge>
      )),
  },
  {
    label: "Agents",
    className: "text-xs",
    cell: (key) => (key.agents ? <Mono>{key.agents.join(", ") || "none (agents deleted)"}</Mono> : "every agent"),
  },
  {
    label: "Created",
    className: "text-xs text-muted-foreground",
    cell: (key) => `${utcMinute(key.createdAt)} by ${key.createdBy}`,
  },
  {
    label: "Last used",
    className: "text-xs text-muted-foreground",
    cell: (key) => (key.lastUsedAt ? utcMinute(key.lastUsedAt) : "never"),
  },
  {
    label: "Status",
    cell: (key) => (key.revokedAt ? <Badge variant="danger">revoked</Badge> : <Badge variant="success">active</Badge>),
  },
];

export function ApiKeysTable({ keys }: { keys: ApiKeyListItem[] }) {
  return (
    <KeysTable
      keys={keys}
      columns={COLUMNS}
      empty={{ title: "No API keys", description: "Create one for each client that calls the REST API." }}
      testId={(key) => `api-key-${key.name}`}
      nameOf={(key) => key.name}
      revokeEffect={(prefix) => `Clients using ${prefix}… get 401 from their next request.`}
      revoke={(key) => revokeApiKeyAction({ apiKeyId: key.id })}
      revocable={(key) => !key.revokedAt}
    />
  );
}
