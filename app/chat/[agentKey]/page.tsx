import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { loadHostedChat } from "@/lib/widget/server/hosted-chat";

// The agent's hosted chat page: the widget open full-page, no console chrome (docs/widget.md).

type Props = { params: Promise<{ agentKey: string }>; searchParams: Promise<{ key?: string | string[] }> };

export const metadata: Metadata = { title: "Chat", robots: { index: false } };

export default async function HostedChatPage({ params, searchParams }: Props) {
  const { agentKey } = await params;
  const { key } = await searchParams;
  const chat = await loadHostedChat(agentKey, typeof key === "string" ? key : undefined);
  if (!chat) notFound();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <main className="min-h-screen">
      <noscript>This chat needs JavaScript.</noscript>
      <script
        src="/widget.js"
        async
        nonce={nonce}
        data-agent={chat.agentKey}
        data-key={chat.publishableKey}
        data-title={chat.agentName}
        data-mode="page"
      />
    </main>
  );
}
