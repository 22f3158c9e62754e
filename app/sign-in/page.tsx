import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeReturnPath } from "@/lib/identity/safe-return-path";
import { getOperatorFromHeaders } from "@/lib/server/principal";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeReturnPath((await searchParams).next);
  if (await getOperatorFromHeaders(await headers())) redirect(next);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm space-y-6 rounded-lg border border-border bg-card p-6 shadow-sm">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold">Sign in to Focal</h1>
          <p className="text-sm text-muted-foreground">
            Operators are added by an admin. The first admin&apos;s sign-in is printed when Focal starts.
          </p>
        </div>
        <SignInForm next={next} />
      </div>
    </main>
  );
}
