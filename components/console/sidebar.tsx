"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { authClient } from "@/components/auth/auth-client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Kbd } from "@/components/ui/kbd";
import { LabelledOptions, NativeSelect } from "@/components/ui/select";
import { agentInContext, agentInContextCookie } from "@/lib/console/agent-in-context";
import type { Role } from "@/lib/identity/roles";
import { useAttention } from "./attention";
import { type NavCounts, type NavGroup, type NavItem, navGroupsFor } from "./nav-items";
import { useGoShortcuts } from "./use-go-shortcuts";

export interface SidebarProps {
  agents: { key: string; name: string }[];
  operator: { email: string; role: Role };
  /** The agent last worked on (the console's cookie), for the pages that are not an agent's. */
  rememberedAgentKey: string | null;
  counts: NavCounts;
}

/**
 * The agent in context: on an agent page the one in the path, remembered (state for client navigation,
 * a cookie for the next full load) so that Loops, Ledger, Jobs and Users keep it in the switcher.
 */
function useAgentInContext(pathname: string, agents: SidebarProps["agents"], initial: string | null) {
  const [remembered, setRemembered] = useState(initial);
  const agentKey = agentInContext(pathname, remembered, agents);
  useEffect(() => {
    if (agentKey === null || agentKey === remembered) return;
    setRemembered(agentKey);
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the console layout
    document.cookie = agentInContextCookie(agentKey);
  }, [agentKey, remembered]);
  return agentKey;
}

export function Sidebar({
  agents,
  operator,
  rememberedAgentKey,
  counts,
  id,
  className,
  onHelp,
}: SidebarProps & { id: string; className?: string; onHelp: () => void }) {
  const pathname = usePathname();
  const router = useRouter();
  const agentKey = useAgentInContext(pathname, agents, rememberedAgentKey);
  const live = useAttention() ?? counts;
  const groups = navGroupsFor(operator.role);
  useGoShortcuts(
    groups.flatMap((group) => group.items.map((item) => ({ key: item.key, href: item.href(agentKey) }))),
    onHelp,
  );

  function switchAgent(key: string) {
    const section = pathname.replace(/^\/agents\/[^/]+/, "");
    router.push(pathname.startsWith("/agents/") ? `/agents/${key}${section}` : `/agents/${key}`);
  }

  async function signOut() {
    await authClient.signOut();
    router.replace("/sign-in");
    router.refresh();
  }

  return (
    <aside id={id} className={cn("flex shrink-0 flex-col border-border border-r", className)}>
      {/* One row, and below the 22 sections a two-row footer: at 1440 × 900 the sections fit with room
          for four more (24 px an item, 26 px a heading), and at 1280 × 800 all of them still do. */}
      <div className="flex items-center gap-2 border-border border-b p-2">
        <Link href="/agents" className="shrink-0 px-1 font-semibold text-sm tracking-tight">
          Focal
        </Link>
        <label className="sr-only" htmlFor="agent-switcher">
          Agent
        </label>
        <NativeSelect
          id="agent-switcher"
          className="min-w-0 flex-1"
          value={agentKey ?? ""}
          onChange={(event) => switchAgent(event.target.value)}
          disabled={agents.length === 0}
        >
          {agents.length === 0 ? <option value="">No agents yet</option> : null}
          <LabelledOptions options={agents.map((agent) => ({ value: agent.key, label: agent.name }))} />
        </NativeSelect>
      </div>
      {/* relative: the counts' screen-reader words (position: absolute) scroll with the list, not the page. */}
      <nav
        aria-label="Sections"
        className="relative flex-1 overflow-y-auto px-2 py-1.5"
        data-testid="console-nav-sections"
      >
        {groups.map((group) => (
          <NavGroupList
            key={group.heading ?? "top"}
            group={group}
            agentKey={agentKey}
            pathname={pathname}
            counts={live}
          />
        ))}
      </nav>
      <div className="space-y-1 border-border border-t p-2 text-xs">
        <div className="flex items-center gap-2 px-1">
          <span className="min-w-0 flex-1 truncate" title={operator.email}>
            {operator.email}
          </span>
          <Badge variant={`role-${operator.role}`}>{operator.role}</Badge>
        </div>
        <div className="flex items-center justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={signOut}>
            Sign out
          </Button>
          <Button variant="ghost" size="sm" className="max-md:hidden pointer-coarse:hidden" onClick={onHelp}>
            Shortcuts <Kbd>?</Kbd>
          </Button>
        </div>
      </div>
    </aside>
  );
}

function NavGroupList({
  group,
  agentKey,
  pathname,
  counts,
}: {
  group: NavGroup;
  agentKey: string | null;
  pathname: string;
  counts: NavCounts;
}) {
  const headingId = group.heading ? `nav-group-${group.heading.toLowerCase()}` : undefined;
  return (
    <div className={cn(group.heading && "mt-1")}>
      {group.heading ? (
        <h2
          id={headingId}
          className="px-2 pb-0.5 font-medium text-[11px] text-muted-foreground/80 uppercase leading-4 tracking-wide"
        >
          {group.heading}
        </h2>
      ) : null}
      <ul aria-labelledby={headingId}>
        {group.items.map((item) => (
          <li key={item.label}>
            <NavLink item={item} agentKey={agentKey} pathname={pathname} counts={counts} />
          </li>
        ))}
      </ul>
    </div>
  );
}

// 24 px a row on a desktop (the WCAG 2.2 target size); 36 px where a finger taps, in the phone's drawer.
const ROW = "flex items-center justify-between rounded-md px-2 py-0.5 text-sm pointer-coarse:py-2 max-md:py-2";

function NavLink({
  item,
  agentKey,
  pathname,
  counts,
}: {
  item: NavItem;
  agentKey: string | null;
  pathname: string;
  counts: NavCounts;
}) {
  const href = item.href(agentKey);
  if (!href) {
    return (
      <span className={cn(ROW, "text-muted-foreground/60")} title="Create or import an agent first">
        {item.label}
      </span>
    );
  }
  // Agents and Dashboard are prefixes of every agent page, Users & keys of Jobs: active only on themselves.
  const exactOnly = href === "/agents" || href === "/admin" || href === `/agents/${agentKey}`;
  // Approvals leads to every agent's list; an agent's own list is still under it.
  const agentApprovals = href === "/approvals" && /^\/agents\/[^/]+\/approvals$/.test(pathname);
  const active = href === pathname || agentApprovals || (!exactOnly && pathname.startsWith(`${href}/`));
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      title={`g then ${item.key}`}
      className={cn(
        ROW,
        "text-muted-foreground hover:bg-accent hover:text-foreground",
        active && "bg-accent font-medium text-foreground",
      )}
    >
      <span className="flex items-center gap-1.5">
        {item.label}
        {(item.counts ?? [])
          .filter((badge) => counts[badge.count] > 0)
          .map((badge) => {
            const urgent = badge.urgent && counts[badge.urgent.count] > 0 ? badge.urgent : null;
            const label = counts[badge.count] === 1 && badge.one ? badge.one : badge.label;
            const words = `${label}${urgent ? `, ${counts[urgent.count]} ${urgent.label}` : ""}`;
            return (
              <Badge
                key={badge.count}
                variant={urgent ? "warning" : badge.variant}
                title={`${counts[badge.count]} ${words}`}
                data-testid={`nav-count-${badge.count}`}
                data-urgent={urgent ? "true" : undefined}
              >
                {counts[badge.count]}
                <span className="sr-only"> {words}</span>
              </Badge>
            );
          })}
      </span>
      {/* A phone or a touch screen has no keyboard to press the shortcut on. */}
      <span className="font-mono text-[10px] opacity-60 max-md:hidden pointer-coarse:hidden" aria-hidden>
        g {item.key}
      </span>
    </Link>
  );
}
