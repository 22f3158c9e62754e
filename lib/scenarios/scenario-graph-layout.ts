// Where the graph draws each step: layers by breadth-first distance from the entry step, top to bottom,
// each layer centred. Deterministic (the same scenario always looks the same, so a designer's eye
// learns it) and cheap (50 steps and 200 transitions at most, BundleScenario's limits), hence no layout
// library. Steps no path reaches are laid out below the reachable ones, each unreached group from its
// first step in authored order, so an unreachable island keeps its own shape.

export const NODE_WIDTH = 208;
export const NODE_HEIGHT = 72;
// 112 px between columns leave room for two sibling edges' 24-character labels side by side; 64 px
// between layers for one label between two layers.
const GAP_X = 112;
const GAP_Y = 64;

export interface GraphLayoutInput {
  /** Node id of the entry step; null or unknown: every step is laid out as unreached. */
  entry: string | null;
  /** Node ids in authored order. */
  nodes: readonly string[];
  /** Edges in authored order; ones whose ends are not nodes are ignored. */
  edges: readonly { id: string; from: string; to: string }[];
}

export interface GraphLayout {
  /** Top-left corner of each node. */
  positions: Map<string, { x: number; y: number }>;
  /** Layer of each node: 0 for the entry step. */
  layers: Map<string, number>;
  /** Edges that go back up or sideways (target layer ≤ source layer): drawn around the right side. */
  backEdges: Set<string>;
}

export function layoutScenarioGraph({ entry, nodes, edges }: GraphLayoutInput): GraphLayout {
  const known = new Set(nodes);
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (!known.has(edge.from) || !known.has(edge.to)) continue;
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  }

  const layers = new Map<string, number>();
  const rows: string[][] = [];
  const place = (id: string, layer: number) => {
    layers.set(id, layer);
    while (rows.length <= layer) rows.push([]);
    rows[layer]?.push(id);
  };
  const spread = (start: string, baseLayer: number) => {
    place(start, baseLayer);
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.shift() as string;
      const layer = layers.get(id) ?? baseLayer;
      for (const to of next.get(id) ?? []) {
        if (layers.has(to)) continue;
        place(to, layer + 1);
        queue.push(to);
      }
    }
  };

  if (entry !== null && known.has(entry)) spread(entry, 0);
  for (const id of nodes) if (!layers.has(id)) spread(id, rows.length);

  const positions = new Map<string, { x: number; y: number }>();
  rows.forEach((row, layer) => {
    row.forEach((id, i) => {
      const offset = (i - (row.length - 1) / 2) * (NODE_WIDTH + GAP_X);
      positions.set(id, { x: Math.round(offset - NODE_WIDTH / 2), y: layer * (NODE_HEIGHT + GAP_Y) });
    });
  });

  const backEdges = new Set<string>();
  for (const edge of edges) {
    const from = layers.get(edge.from);
    const to = layers.get(edge.to);
    if (from !== undefined && to !== undefined && to <= from) backEdges.add(edge.id);
  }
  return { positions, layers, backEdges };
}
