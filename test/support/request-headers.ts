// next/headers only works inside a Next.js request. In tests it resolves to this file
// (vitest.config.ts), and a test that calls server actions sets the headers a request would carry
// in `requestState`.
export const requestState = { headers: new Headers() };

export async function headers(): Promise<Headers> {
  return requestState.headers;
}

export async function cookies() {
  const cookie = requestState.headers.get("cookie") ?? "";
  const jar = new Map(
    cookie
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const at = part.indexOf("=");
        return [part.slice(0, at), part.slice(at + 1)] as const;
      }),
  );
  return {
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    has: (name: string) => jar.has(name),
    set: () => {},
    delete: () => {},
  };
}

export const HOST = "focal.test";
export const ORIGIN = `http://${HOST}`;

export function browserHeaders(extra: Record<string, string> = {}): Headers {
  return new Headers({ host: HOST, origin: ORIGIN, ...extra });
}
