"use client";

import type { Column } from "@/components/ui/column-table";
import { Mono } from "@/components/ui/mono";
import { revokePublishableKeyAction } from "@/lib/actions/widget/revoke-publishable-key";
import { KeysTable } from "./keys-table";
import { utcMinute } from "./utc-minute";

export interface PublishableKeyListItem {
  id: string;
  agent: string;
  label: string;
  prefix: string;
  allowedOrigins: string[];
  environments: string[];
  createdBy: string;
  createdAt: string;
}

const COLUMNS: Column<PublishableKeyListItem>[] = [
  { label: "Label", className: "font-medium", cell: (key) => key.label },
  { label: "Key", cell: (key) => <Mono>{key.prefix}…</Mono> },
  { label: "Agent", cell: (key) => <Mono>{key.agent}</Mono> },
  {
    label: "Allowed origins",
    className: "text-xs",
    cell: (key) => (
      <ul>
        {key.allowedOrigins.map((origin) => (
          <li key={origin}>
            <Mono>{origin}</Mono>
          </li>
        ))}
      </ul>
    ),
  },
  { label: "Environments", className: "text-xs", cell: (key) => <Mono>{key.environments.join(", ")}</Mono> },
  {
    label: "Created",
    className: "text-xs text-muted-foreground",
    cell: (key) => `${utcMinute(key.createdAt)} by ${key.createdBy}`,
  },
];

export function PublishableKeysTable({ keys }: { keys: PublishableKeyListItem[] }) {
  return (
    <KeysTable
      keys={keys}
      columns={COLUMNS}
      empty={{
        title: "No publishable keys",
        description: "Create one for each web page that embeds a chat with an agent.",
      }}
      testId={(key) => `publishable-key-${key.label}`}
      nameOf={(key) => key.label}
      revokeEffect={(prefix) =>
        `Pages using ${prefix}… get 401 from their next request, and their open conversations stop.`
      }
      revoke={(key) => revokePublishableKeyAction({ agent: key.agent, id: key.id })}
      revokeLabel={(key) => `Revoke ${key.label}`}
    />
  );
}
