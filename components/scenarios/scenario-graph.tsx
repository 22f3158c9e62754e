"use client";

// React Flow's own stylesheet: global CSS imported from the one component that draws a flow, so only
// the scenario editor's route loads it. It is plain CSS served from 'self' (proxy.ts style-src), and
// it styles only .react-flow__* classes, so it does not fight Tailwind's layers: the step node is our
// own component, styled with Tailwind classes.
import "@xyflow/react/dist/style.css";
import {
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  MarkerType,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from "@xyflow/react";
import { useEffect, useMemo } from "react";
import type { ScenarioForm } from "@/lib/scenarios/scenario-form-state";
import { layoutScenarioGraph, NODE_HEIGHT, NODE_WIDTH } from "@/lib/scenarios/scenario-graph-layout";
import { type GraphMarks, stepMarks } from "./graph-marks";
import type { EditorSelection } from "./selection";
import { StepNode, type StepNodeType } from "./step-node";

const NODE_TYPES = { step: StepNode };
// A condition is a sentence; the graph shows its start, the transition's card shows all of it. 24
// characters at 12 px (~6.6 px each, 158 px) fit between two sibling steps: 320 px apart (208 px node
// + 112 px gap), so their edges' midpoints are 160 px apart.
const LABEL_CHARS = 24;
const LABEL_FONT_PX = 12;

interface ScenarioGraphProps {
  form: ScenarioForm;
  marks: GraphMarks;
  selection: EditorSelection;
  onSelect: (selection: EditorSelection) => void;
  /** Designers add a transition by dragging from a step's bottom handle to another step; null: read-only. */
  onConnect: ((from: string, to: string) => void) | null;
}

export function ScenarioGraph({ form, marks, selection, onSelect, onConnect }: ScenarioGraphProps) {
  const layout = useMemo(
    () =>
      layoutScenarioGraph({
        entry: form.entry_step || null,
        nodes: form.steps.map((s) => s.uid),
        edges: form.transitions.map((t) => ({ id: t.uid, from: t.from, to: t.to })),
      }),
    [form.entry_step, form.steps, form.transitions],
  );

  const nodes = useMemo<StepNodeType[]>(
    () =>
      form.steps.map((step) => {
        const own = stepMarks(marks, step.uid);
        const entry = step.uid === form.entry_step;
        const words = [
          entry && "entry step",
          step.is_terminal && "terminal",
          own.unreachable && "unreachable",
          own.deadEnd && "dead end",
          own.error && "has an error",
        ].filter(Boolean);
        return {
          id: step.uid,
          type: "step",
          position: layout.positions.get(step.uid) ?? { x: 0, y: 0 },
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          selected: selection?.kind === "step" && selection.uid === step.uid,
          ariaLabel: `Step ${step.name || step.key} (${step.key})${words.length ? `: ${words.join(", ")}` : ""}`,
          data: {
            name: step.name,
            stepKey: step.key,
            entry,
            terminal: step.is_terminal,
            ...own,
            connectable: onConnect !== null,
          },
        };
      }),
    [form.steps, form.entry_step, marks, layout, selection, onConnect],
  );

  const edges = useMemo<Edge[]>(() => {
    const stepOf = new Map(form.steps.map((s) => [s.uid, s]));
    return form.transitions.flatMap((t) => {
      const from = stepOf.get(t.from);
      const to = stepOf.get(t.to);
      if (!from || !to) return [];
      const back = layout.backEdges.has(t.uid);
      const selected = selection?.kind === "transition" && selection.uid === t.uid;
      const error = marks.transitionErrors.has(t.uid);
      const color = error ? "var(--danger)" : selected ? "var(--ring)" : "var(--muted-foreground)";
      const condition = t.condition_text.trim();
      // A back edge's midpoint sits beside the forward edges' labels: its own label shows when it is selected.
      const labelled = !back || selected;
      return [
        {
          id: t.uid,
          source: t.from,
          target: t.to,
          sourceHandle: back ? "back-out" : "out",
          targetHandle: back ? "back-in" : "in",
          type: back ? "smoothstep" : "default",
          pathOptions: back ? { offset: 28, borderRadius: 8 } : undefined,
          selected,
          label: !labelled
            ? undefined
            : condition.length > LABEL_CHARS
              ? `${condition.slice(0, LABEL_CHARS - 1)}…`
              : condition || undefined,
          labelStyle: { fontSize: LABEL_FONT_PX, fill: "var(--foreground)" },
          labelBgStyle: { fill: "var(--card)" },
          labelBgPadding: [4, 2] as [number, number],
          labelBgBorderRadius: 3,
          style: { stroke: color, strokeWidth: selected || error ? 2.5 : 1.5 },
          markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14, color },
          ariaLabel: `Transition ${from.key} → ${to.key}${error ? " (has an error)" : ""}${condition ? `: ${condition}` : ""}`,
        },
      ];
    });
  }, [form.steps, form.transitions, layout, selection, marks]);

  // Controlled: a click or Enter on a node or edge comes back as a "select" change; that is the selection.
  const onNodesChange = (changes: NodeChange<StepNodeType>[]) => {
    for (const change of changes)
      if (change.type === "select" && change.selected) onSelect({ kind: "step", uid: change.id });
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    for (const change of changes) {
      if (change.type === "select" && change.selected) onSelect({ kind: "transition", uid: change.id });
    }
  };
  const connect = (connection: Connection) => {
    if (onConnect && connection.source && connection.target) onConnect(connection.source, connection.target);
  };

  if (form.steps.length === 0) {
    return (
      <div className="flex h-full items-center justify-center p-6 text-center text-muted-foreground text-sm">
        No steps to draw yet: add the first step in the form.
      </div>
    );
  }
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={connect}
      nodesDraggable={false}
      nodesConnectable={onConnect !== null}
      // Deleting is the form's job (with its confirmation of what goes along); Backspace must not do it here.
      deleteKeyCode={null}
      fitView
      // Never zoomed out so far that labels become unreadable: below 0.7 a 12 px label is under 8.4 px.
      // A larger scenario is panned (drag, or the controls) instead.
      fitViewOptions={{ padding: 0.15, maxZoom: 1, minZoom: 0.7 }}
      minZoom={0.25}
      maxZoom={1.5}
      colorMode="system"
      aria-label="Steps and transitions of the scenario"
    >
      <FitOnLayoutChange signature={[...layout.positions].map(([id, p]) => `${id}@${p.x},${p.y}`).join(" ")} />
      <Background gap={16} size={1} />
      <Controls showInteractive={false} position="bottom-right" />
    </ReactFlow>
  );
}

/** Refits the view when steps are added, removed or move to another layer, so none is off-screen. */
function FitOnLayoutChange({ signature }: { signature: string }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    if (signature === "") return;
    // One frame later, when React Flow has the new nodes in its store.
    const frame = requestAnimationFrame(() => void fitView({ padding: 0.15, maxZoom: 1, minZoom: 0.7 }));
    return () => cancelAnimationFrame(frame);
  }, [signature, fitView]);
  return null;
}
