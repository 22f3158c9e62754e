"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { authClient } from "@/components/auth/auth-client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Kbd } from "@/components/ui/kbd";
import { NativeSelect } from "@/components/ui/select";
import { agentInContext, agentInContextCookie } from "@/lib/console/agent-in-context";
import { type Role, roleAtLeast } from "@/lib/identity/roles";
import { NAV_ITEMS, type NavCounts } from "./nav-items";
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
  const items = NAV_ITEMS.filter((item) => !item.minRole || roleAtLeast(operator.role, item.minRole));
  useGoShortcuts(
    items.map((item) => ({ key: item.key, href: item.href(agentKey) })),
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
      <div className="space-y-2 border-b border-border p-3">
        <Link href="/agents" className="block text-sm font-semibold tracking-tight">
          Focal
        </Link>
        <label className="sr-only" htmlFor="agent-switcher">
          Agent
        </label>
        <NativeSelect
          id="agent-switcher"
          value={agentKey ?? ""}
          onChange={(event) => switchAgent(event.target.value)}
          disabled={agents.length === 0}
        >
          {agents.length === 0 ? <option value="">No agents yet</option> : null}
          {agents.map((agent) => (
            <option key={agent.key} value={agent.key}>
              {agent.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <nav aria-label="Sections" className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-0.5">
          {items.map((item) => {
            const href = item.href(agentKey);
            // Agents and Dashboard are prefixes of every agent page, Users & keys of Jobs: active only on themselves.
            const exactOnly = href === "/agents" || href === "/admin" || href === `/agents/${agentKey}`;
            const active = href !== null && (href === pathname || (!exactOnly && pathname.startsWith(`${href}/`)));
            return (
              <li key={item.label}>
                {href ? (
                  <Link
                    href={href}
                    aria-current={active ? "page" : undefined}
                    title={`g then ${item.key}`}
                    className={cn(
                      "flex items-center justify-between rounded-md px-2 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-foreground",
                      active && "bg-accent font-medium text-foreground",
                    )}
                  >
                    <span className="flex items-center gap-1.5">
                      {item.label}
                      {(item.counts ?? [])
                        .filter((badge) => counts[badge.count] > 0)
                        .map((badge) => (
                          <Badge
                            key={badge.count}
                            variant={badge.variant}
                            title={`${counts[badge.count]} ${badge.label}`}
                            data-testid={`nav-count-${badge.count}`}
                          >
                            {counts[badge.count]}
                            <span className="sr-only"> {badge.label}</span>
                          </Badge>
                        ))}
                    </span>
                    <span className="font-mono text-[10px] opacity-60" aria-hidden>
                      g {item.key}
                    </span>
                  </Link>
                ) : (
                  <span
                    className="block px-2 py-1.5 text-sm text-muted-foreground/60"
                    title="Create or import an agent first"
                  >
                    {item.label}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="space-y-2 border-t border-border p-3 text-xs">
        <Button
          variant="ghost"
          size="sm"
          className="w-full justify-between max-md:hidden pointer-coarse:hidden"
          onClick={onHelp}
        >
          Keyboard shortcuts <Kbd>?</Kbd>
        </Button>
        <div className="truncate" title={operator.email}>
          {operator.email}
        </div>
        <div className="flex items-center justify-between">
          <Badge variant={`role-${operator.role}`}>{operator.role}</Badge>
          <Button variant="ghost" size="sm" onClick={signOut}>
            Sign out
          </Button>
        </div>
      </div>
    </aside>
  );
}
