import { type Role, roleAtLeast } from "@/lib/identity/roles";

export interface NavItem {
  label: string;
  /** Second key of the `g` then letter shortcut. */
  key: string;
  href: (agentKey: string | null) => string | null;
  minRole?: Role;
  /** Counts the sidebar shows beside the label when above 0 (the layout loads them). */
  counts?: NavCount[];
}

interface NavCount {
  count: keyof NavCounts;
  /** Read after the number by a screen reader, and shown on hover: "2 waiting". */
  label: string;
  /** The label after a count of 1, when it differs: "1 pending approval". */
  one?: string;
  variant: "warning" | "info" | "neutral";
  /** When this count is above 0 the badge turns amber and names it: "3 pending approvals, 1 expiring soon". */
  urgent?: { count: keyof NavCounts; label: string };
}

export interface NavCounts {
  /** Handoffs waiting for an operator, of the agents the operator reaches. */
  waitingHandoffs: number;
  /** Conversations this operator holds whose customer wrote since the operator's last reply. */
  unreadHandoffs: number;
  /** Tool calls waiting for an operator's approval, of the agents the operator reaches. */
  pendingApprovals: number;
  /** Of those, the ones that expire within 5 minutes. */
  expiringApprovals: number;
}

export interface NavGroup {
  /** Null for the first group (Agents, Dashboard), which needs no heading. */
  heading: string | null;
  items: NavItem[];
}

const agentPage = (section: string) => (a: string | null) => (a ? `/agents/${a}/${section}` : null);

// Sidebar order, in the groups a designer and an operator look for: what the agent is (design), trying
// it (test), running it with customers (operate), what customers get (release), the instance (admin).
// Agent sections need an agent; the others are instance-wide. Keys are the `g` shortcuts' second key.
const NAV_GROUPS: NavGroup[] = [
  {
    heading: null,
    items: [
      { label: "Agents", key: "a", href: () => "/agents" },
      { label: "Dashboard", key: "d", href: (a) => (a ? `/agents/${a}` : null) },
    ],
  },
  {
    heading: "Design",
    items: [
      { label: "Rules", key: "r", href: agentPage("rules") },
      { label: "Scenarios", key: "s", href: agentPage("scenarios") },
      { label: "Tools", key: "t", href: agentPage("tools") },
      { label: "Knowledge", key: "b", href: agentPage("knowledge") },
      { label: "Fields & Variables", key: "f", href: agentPage("fields") },
      { label: "Settings", key: "e", href: agentPage("settings") },
    ],
  },
  {
    heading: "Test",
    items: [
      { label: "Sandbox", key: "x", href: agentPage("sandbox") },
      { label: "Tests", key: "y", href: agentPage("tests") },
      { label: "Goal tester", key: "o", href: () => "/goals" },
    ],
  },
  {
    heading: "Operate",
    items: [
      {
        label: "Inbox",
        key: "i",
        href: () => "/inbox",
        counts: [
          { count: "waitingHandoffs", label: "waiting", variant: "warning" },
          { count: "unreadHandoffs", label: "unread", variant: "info" },
        ],
      },
      // Every reached agent's pending approvals, like the count beside it; each agent's page is one click on.
      {
        label: "Approvals",
        key: "q",
        href: () => "/approvals",
        counts: [
          {
            count: "pendingApprovals",
            label: "pending approvals",
            one: "pending approval",
            variant: "neutral",
            urgent: { count: "expiringApprovals", label: "expiring soon" },
          },
        ],
      },
      { label: "Reviews", key: "v", href: agentPage("reviews") },
      { label: "Traces", key: "c", href: agentPage("traces") },
      { label: "Loops", key: "l", href: () => "/loops" },
      // Whether continuity (docs/continuity.md) makes live turns worse: watched while running, not released.
      { label: "Continuity rollout", key: "w", href: agentPage("rollout") },
    ],
  },
  {
    heading: "Release",
    items: [
      { label: "Environments", key: "n", href: agentPage("environments") },
      { label: "History", key: "h", href: agentPage("history") },
    ],
  },
  {
    heading: "Admin",
    items: [
      { label: "Users & keys", key: "u", href: () => "/admin", minRole: "admin" },
      { label: "Jobs", key: "j", href: () => "/admin/jobs", minRole: "admin" },
      { label: "Ledger", key: "k", href: () => "/ledger" },
      { label: "REST API", key: "p", href: () => "/api-docs" },
    ],
  },
];

/** The groups as the operator's role sees them: items above the role left out, empty groups too. */
export function navGroupsFor(role: Role): NavGroup[] {
  return NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => !item.minRole || roleAtLeast(role, item.minRole)),
  })).filter((group) => group.items.length > 0);
}
