import Link from "next/link";
import { ConfigVersionEntry } from "@/components/history/config-version-entry";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { LedgerEventRow } from "@/db/types";
import type { EnvironmentCardData, EnvironmentsPageData } from "@/lib/environments/environment-page-data";
import { PRODUCTION } from "@/lib/environments/environment-schemas";
import { ConfirmButton } from "./confirm-buttons";
import { PinDialog } from "./pin-dialogs";
import { SplitComparisonTable } from "./split-comparison-table";
import { SplitDialog } from "./split-dialog";

interface EnvironmentCardProps {
  card: EnvironmentCardData;
  /** The page's agent and versions, the same for every card. */
  page: Pick<EnvironmentsPageData, "agentKey" | "latestVersion" | "versions">;
  events: LedgerEventRow[];
  canPin: boolean;
  isAdmin: boolean;
}

function pinWords(card: EnvironmentCardData, latest: number): string {
  const env = card.environment;
  if (env.pinned_version === null) return `Follows the latest version (v${latest}): every save reaches new sessions.`;
  const behind = latest - env.pinned_version;
  return behind > 0
    ? `Pinned to v${env.pinned_version}; draft is ${behind} version${behind === 1 ? "" : "s"} ahead.`
    : `Pinned to v${env.pinned_version}, the latest.`;
}

/** One environment: its pin, its split and comparison, what changed since the previous pin, and its commands. */
export function EnvironmentCard(props: EnvironmentCardProps) {
  const { card } = props;
  const { agentKey, latestVersion, versions } = props.page;
  const env = card.environment;
  const changes = props.events.filter((event) => card.changeSeqs.includes(event.seq));
  const split = env.split;
  return (
    <Card data-testid={`environment-${env.name}`}>
      <CardHeader className="flex flex-row flex-wrap items-center gap-x-3 gap-y-2">
        <CardTitle className="font-mono">{env.name}</CardTitle>
        <Badge variant={env.pinned_version === null ? "neutral" : "info"} className="font-mono">
          {env.pinned_version === null ? `latest · v${latestVersion}` : `v${env.pinned_version}`}
        </Badge>
        {split ? <Badge variant="warning">split</Badge> : null}
        {env.promotion_running ? <Badge variant="warning">promotion running</Badge> : null}
        {props.canPin ? (
          <div className="ml-auto flex flex-wrap gap-2">
            {split ? (
              <PinDialog
                mode="end-split"
                agentKey={agentKey}
                environment={env.name}
                versions={split.arms.map((arm) => arm.config_version)}
                chosen={split.arms[0]?.config_version ?? env.serves_version}
                isAdmin={props.isAdmin}
                recentSessionIds={props.card.recentSessionIds}
              />
            ) : (
              <PinDialog
                mode="promote"
                agentKey={agentKey}
                environment={env.name}
                versions={versions}
                chosen={latestVersion}
                isAdmin={props.isAdmin}
                recentSessionIds={props.card.recentSessionIds}
              />
            )}
            <SplitDialog
              agentKey={agentKey}
              environment={env.name}
              versions={versions}
              served={env.serves_version}
              latest={latestVersion}
            />
            {card.previousPin !== null && !split ? (
              <ConfirmButton
                mode="rollback"
                agentKey={agentKey}
                environment={env.name}
                previousPin={card.previousPin}
              />
            ) : null}
            {props.isAdmin && env.name !== PRODUCTION ? (
              <ConfirmButton mode="delete" agentKey={agentKey} environment={env.name} />
            ) : null}
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm">{pinWords(card, latestVersion)}</p>
        {split && card.comparison ? (
          <section className="space-y-2">
            <h4 className="font-medium text-sm">
              Split since {split.started_at.slice(0, 16).replace("T", " ")} UTC:{" "}
              {split.arms.map((arm) => `v${arm.config_version} ${arm.percent} %`).join(" · ")}
            </h4>
            <SplitComparisonTable comparison={card.comparison} />
          </section>
        ) : null}
        {env.pinned_version !== null ? (
          <details open={changes.length > 0 && changes.length <= 3}>
            <summary className="cursor-pointer text-sm">
              {card.previousPin === null
                ? `Changes in v${env.pinned_version}`
                : `What changed since the previous pin (v${card.previousPin} → v${env.pinned_version})`}
              :{" "}
              {changes.length === 0
                ? "none recorded here"
                : `${changes.length} version${changes.length === 1 ? "" : "s"}`}
            </summary>
            <ol className="mt-2 space-y-2">
              {changes.map((event) => (
                <li key={event.seq}>
                  <ConfigVersionEntry event={event} agentKey={agentKey} />
                </li>
              ))}
            </ol>
            <Link className="text-xs underline underline-offset-4" href={`/agents/${agentKey}/history`}>
              Every version on History
            </Link>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}
