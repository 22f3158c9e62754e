import "server-only";
import { listConfigEvents } from "@/db/queries/config-history";
import { listEnvironmentPins, recentSessionIdsOf } from "@/db/queries/environments";
import { listConfigVersions } from "@/db/queries/replay";
import type { AgentRow, Database, LedgerEventRow } from "@/db/types";
import { summarizeConfigEvent } from "@/lib/versioning/config-change-payload";
import type { EnvironmentCardData, EnvironmentsPageData } from "../environment-page-data";
import { splitComparison } from "./environment-comparison";
import { environmentList } from "./environment-views";

// The History page's last 200 config events cover what changed between two pins on any agent that
// promotes at least every 200 saves; older changes are one link away on History.
const CHANGES_READ = 200;
/**
 * Sessions a promotion's impact preview replays, the environment's latest: a quarter of a replay
 * window's default 200 (docs/replay.md), so the preview answers while the dialog is open.
 */
const PREVIEW_SESSIONS = 50;

/** Everything the Environments page shows, and the config events its cards name by sequence number. */
export async function loadEnvironmentsPage(
  db: Database,
  agent: AgentRow,
): Promise<{ data: EnvironmentsPageData; events: LedgerEventRow[] }> {
  const [list, kept, { events }] = await Promise.all([
    environmentList(db, agent),
    listConfigVersions(db, agent.id),
    listConfigEvents(db, agent.id, { limit: CHANGES_READ }),
  ]);
  const cards = await Promise.all(
    list.environments.map(async (environment): Promise<EnvironmentCardData> => {
      const [pins, comparison, recentSessionIds] = await Promise.all([
        listEnvironmentPins(db, agent.id, environment.name, 1),
        environment.split ? splitComparison(db, agent, environment.name) : null,
        recentSessionIdsOf(db, agent.id, environment.name, PREVIEW_SESSIONS),
      ]);
      const previousPin = pins[0]?.previousVersion ?? null;
      const pinned = environment.pinned_version;
      const changeSeqs =
        pinned === null
          ? []
          : events
              .filter((event) => {
                const { version } = summarizeConfigEvent(event.type, event.payload);
                return version !== null && version <= pinned && version > (previousPin ?? pinned - 1);
              })
              .map((event) => event.seq);
      return { environment, previousPin, changeSeqs, comparison, recentSessionIds };
    }),
  );
  const versions = [...new Set([agent.configVersion, ...kept])].sort((a, b) => b - a);
  return {
    data: { agentKey: agent.key, agentName: agent.name, latestVersion: agent.configVersion, versions, cards },
    events,
  };
}
