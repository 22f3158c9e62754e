/** What the editor has selected: a step or a transition, by its form uid; the graph and the lists share it. */
export type EditorSelection = { kind: "step" | "transition"; uid: string } | null;
