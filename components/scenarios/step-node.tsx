"use client";

import { Handle, type Node, type NodeProps, Position } from "@xyflow/react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";

/** What a step node shows; every mark is a word too, never colour alone. */
interface StepNodeData extends Record<string, unknown> {
  name: string;
  stepKey: string;
  entry: boolean;
  terminal: boolean;
  unreachable: boolean;
  deadEnd: boolean;
  error: boolean;
  /** Designers draw transitions from the bottom handle to another step's top handle. */
  connectable: boolean;
}

export type StepNodeType = Node<StepNodeData, "step">;

// The right-hand handles only anchor back edges (drawn around the side); nobody drags from them.
const ROUTING_HANDLE = { opacity: 0 } as const;

export function StepNode({ data, selected }: NodeProps<StepNodeType>) {
  const warned = data.unreachable || data.deadEnd;
  const visibleHandle = data.connectable ? undefined : ROUTING_HANDLE;
  return (
    <div
      className={cn(
        "flex h-full w-full flex-col justify-center gap-0.5 rounded-md border-2 bg-card px-2.5 text-card-foreground text-sm shadow-sm",
        data.error ? "border-danger" : warned ? "border-warning-border" : data.entry ? "border-info" : "border-border",
        data.unreachable && "border-dashed",
        data.terminal && "border-[3px] border-double",
        selected && "ring-2 ring-ring ring-offset-2 ring-offset-background",
      )}
    >
      <Handle type="target" position={Position.Top} id="in" isConnectable={data.connectable} style={visibleHandle} />
      <Handle
        type="source"
        position={Position.Bottom}
        id="out"
        isConnectable={data.connectable}
        style={visibleHandle}
      />
      <Handle
        type="source"
        position={Position.Right}
        id="back-out"
        isConnectable={false}
        style={{ ...ROUTING_HANDLE, top: "35%" }}
      />
      <Handle
        type="target"
        position={Position.Right}
        id="back-in"
        isConnectable={false}
        style={{ ...ROUTING_HANDLE, top: "65%" }}
      />
      <div className="min-w-0 leading-tight">
        <div className="truncate font-medium">{data.name || "(no name)"}</div>
        <div className="truncate font-mono text-[11px] text-muted-foreground">{data.stepKey}</div>
      </div>
      <div className="flex flex-wrap gap-1">
        {data.entry ? <NodeBadge variant="info">▶ entry</NodeBadge> : null}
        {data.terminal ? <NodeBadge variant="neutral">■ terminal</NodeBadge> : null}
        {data.unreachable ? <NodeBadge variant="warning">unreachable</NodeBadge> : null}
        {data.deadEnd ? <NodeBadge variant="warning">dead end</NodeBadge> : null}
        {data.error ? <NodeBadge variant="danger">error</NodeBadge> : null}
      </div>
    </div>
  );
}

function NodeBadge({ variant, children }: { variant: "info" | "neutral" | "warning" | "danger"; children: string }) {
  return (
    <Badge variant={variant} className="h-4 px-1 text-[11px]">
      {children}
    </Badge>
  );
}
