import type { Role } from "@/lib/identity/roles";

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
  variant: "warning" | "info";
}

export interface NavCounts {
  /** Handoffs waiting for an operator, of the agents the operator reaches. */
  waitingHandoffs: number;
  /** Conversations this operator holds whose customer wrote since the operator's last reply. */
  unreadHandoffs: number;
}

// Sidebar order. Agent sections need an agent; the others are instance-wide.
export const NAV_ITEMS: NavItem[] = [
  { label: "Agents", key: "a", href: () => "/agents" },
  { label: "Dashboard", key: "d", href: (a) => (a ? `/agents/${a}` : null) },
  { label: "Rules", key: "r", href: (a) => (a ? `/agents/${a}/rules` : null) },
  { label: "Scenarios", key: "s", href: (a) => (a ? `/agents/${a}/scenarios` : null) },
  { label: "Tools", key: "t", href: (a) => (a ? `/agents/${a}/tools` : null) },
  { label: "Fields & Variables", key: "f", href: (a) => (a ? `/agents/${a}/fields` : null) },
  { label: "Settings", key: "e", href: (a) => (a ? `/agents/${a}/settings` : null) },
  { label: "Sandbox", key: "x", href: (a) => (a ? `/agents/${a}/sandbox` : null) },
  { label: "Tests", key: "y", href: (a) => (a ? `/agents/${a}/tests` : null) },
  { label: "Traces", key: "c", href: (a) => (a ? `/agents/${a}/traces` : null) },
  { label: "Reviews", key: "v", href: (a) => (a ? `/agents/${a}/reviews` : null) },
  { label: "Approvals", key: "q", href: (a) => (a ? `/agents/${a}/approvals` : null) },
  { label: "Rollout", key: "w", href: (a) => (a ? `/agents/${a}/rollout` : null) },
  { label: "Environments", key: "n", href: (a) => (a ? `/agents/${a}/environments` : null) },
  { label: "History", key: "h", href: (a) => (a ? `/agents/${a}/history` : null) },
  {
    label: "Inbox",
    key: "i",
    href: () => "/inbox",
    counts: [
      { count: "waitingHandoffs", label: "waiting", variant: "warning" },
      { count: "unreadHandoffs", label: "unread", variant: "info" },
    ],
  },
  { label: "Loops", key: "l", href: () => "/loops" },
  { label: "Goal tester", key: "o", href: () => "/goals" },
  { label: "Ledger", key: "k", href: () => "/ledger" },
  { label: "REST API", key: "p", href: () => "/api-docs" },
  { label: "Users & keys", key: "u", href: () => "/admin", minRole: "admin" },
  { label: "Jobs", key: "j", href: () => "/admin/jobs", minRole: "admin" },
];
