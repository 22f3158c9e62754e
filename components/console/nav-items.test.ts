import { describe, expect, it } from "vitest";
import { navGroupsFor } from "./nav-items";

const labels = (role: Parameters<typeof navGroupsFor>[0]) =>
  navGroupsFor(role).map((group) => [group.heading, group.items.map((item) => item.label)]);

describe("the sidebar's groups", () => {
  it("holds every section once under the heading a designer or an operator looks for", () => {
    expect(labels("admin")).toEqual([
      [null, ["Agents", "Dashboard"]],
      ["Design", ["Rules", "Scenarios", "Tools", "Knowledge", "Fields & Variables", "Settings"]],
      ["Test", ["Sandbox", "Tests", "Goal tester"]],
      ["Operate", ["Inbox", "Approvals", "Reviews", "Traces", "Loops", "Continuity rollout"]],
      ["Release", ["Environments", "History"]],
      ["Admin", ["Users & keys", "Jobs", "Ledger", "REST API"]],
    ]);
  });

  it("keeps one `g` shortcut key per section", () => {
    const keys = navGroupsFor("admin").flatMap((group) => group.items.map((item) => item.key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("leaves admin-only sections out below admin, keeping the group for what remains", () => {
    const admin = navGroupsFor("viewer").find((group) => group.heading === "Admin");
    expect(admin?.items.map((item) => item.label)).toEqual(["Ledger", "REST API"]);
  });
});
