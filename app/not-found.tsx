import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-md space-y-3 p-10">
      <h1 className="text-lg font-semibold">Not found</h1>
      <p className="text-sm text-muted-foreground">
        Nothing lives at this address. It may have been deleted, or the link has a typo.
      </p>
      <Link href="/agents" className="text-sm underline">
        Back to agents
      </Link>
    </main>
  );
}
