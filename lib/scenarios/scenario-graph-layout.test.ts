import { describe, expect, it } from "vitest";
import { layoutScenarioGraph, NODE_WIDTH } from "./scenario-graph-layout";

const edge = (from: string, to: string) => ({ id: `${from}>${to}`, from, to });

describe("scenario graph layout", () => {
  it("puts each step one layer below the nearest step that leads to it, the entry step on top", () => {
    const layout = layoutScenarioGraph({
      entry: "ask",
      nodes: ["ask", "look", "verify", "offer"],
      edges: [edge("ask", "look"), edge("look", "verify"), edge("look", "ask"), edge("verify", "offer")],
    });
    expect(Object.fromEntries(layout.layers)).toEqual({ ask: 0, look: 1, verify: 2, offer: 3 });
    expect([...layout.backEdges]).toEqual(["look>ask"]);
    // One step a layer: each centred on x = 0, layers 136 px apart (72 px node + 64 px gap).
    expect(layout.positions.get("verify")).toEqual({ x: -NODE_WIDTH / 2, y: 272 });
  });

  it("centres the steps of one layer side by side in the order they were reached", () => {
    const layout = layoutScenarioGraph({
      entry: "start",
      nodes: ["b", "start", "a"],
      edges: [edge("start", "a"), edge("start", "b")],
    });
    const a = layout.positions.get("a");
    const b = layout.positions.get("b");
    expect(a?.y).toBe(b?.y);
    expect((a?.x ?? 0) < (b?.x ?? 0)).toBe(true);
    expect(((a?.x ?? 0) + (b?.x ?? 0) + NODE_WIDTH) / 2).toBe(0);
  });

  it("lays out unreached steps below the reached ones, keeping an unreached chain's order", () => {
    const layout = layoutScenarioGraph({
      entry: "start",
      nodes: ["start", "end", "island", "island_end"],
      edges: [edge("start", "end"), edge("island", "island_end")],
    });
    expect(Object.fromEntries(layout.layers)).toEqual({ start: 0, end: 1, island: 2, island_end: 3 });
  });

  it("is the same for the same input, ignores edges to unknown steps, and works without an entry step", () => {
    const input = { entry: null, nodes: ["x", "y"], edges: [edge("x", "y"), edge("x", "ghost"), edge("y", "y")] };
    const first = layoutScenarioGraph(input);
    expect(layoutScenarioGraph(input)).toEqual(first);
    expect(Object.fromEntries(first.layers)).toEqual({ x: 0, y: 1 });
    // A self-loop goes sideways: it is drawn around the right side like a back edge.
    expect([...first.backEdges]).toEqual(["y>y"]);
  });
});
