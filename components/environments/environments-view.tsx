import { PageHeader } from "@/components/ui/page-header";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { LedgerEventRow } from "@/db/types";
import type { EnvironmentsPageData } from "@/lib/environments/environment-page-data";
import { EnvironmentCard } from "./environment-card";
import { NewEnvironmentDialog } from "./new-environment-dialog";

interface EnvironmentsViewProps {
  data: EnvironmentsPageData;
  events: LedgerEventRow[];
  /** Designers and up promote, roll back and split; admins also add, delete and force. */
  canPin: boolean;
  isAdmin: boolean;
}

/** Agent → Environments: which version customers get, and the controls that change it. */
export function EnvironmentsView({ data, events, canPin, isAdmin }: EnvironmentsViewProps) {
  return (
    <>
      <PageHeader
        title="Environments"
        description={`Draft is always the latest version of ${data.agentName} (v${data.latestVersion}): editors and the sandbox use it. Customers get production's version. Pin it, and saves wait in draft until promoted; a running session never changes version.`}
        actions={isAdmin ? <NewEnvironmentDialog agentKey={data.agentKey} versions={data.versions} /> : null}
      />
      <ol className="space-y-3">
        {data.cards.map((card) => (
          <li key={card.environment.name}>
            <EnvironmentCard card={card} page={data} events={events} canPin={canPin} isAdmin={isAdmin} />
          </li>
        ))}
      </ol>
    </>
  );
}
