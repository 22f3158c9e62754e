import fs from "node:fs";
import path from "node:path";
import { ACTION_META, type ActionMeta } from "@/lib/server/define-action";
import { ROUTE_META, type RouteMeta } from "@/lib/server/define-route";
import { checkedRoute, type RouteHandler } from "./response-contract";

const ROOT = path.resolve(import.meta.dirname, "../..");

function walk(dir: string, match: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, match);
    return match(full) ? [full] : [];
  });
}

export interface FoundAction {
  file: string;
  exportName: string;
  meta: ActionMeta;
  call: (input: unknown) => Promise<{ ok: boolean; code?: string }>;
}

/** Every export of every file under lib/actions; each must have gone through defineAction. */
export async function enumerateActions(): Promise<{ actions: FoundAction[]; unwrapped: string[] }> {
  const files = walk(path.join(ROOT, "lib/actions"), (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  const actions: FoundAction[] = [];
  const unwrapped: string[] = [];
  for (const file of files) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      const meta = (value as { [ACTION_META]?: ActionMeta })?.[ACTION_META];
      if (typeof value === "function" && meta) {
        actions.push({ file: path.relative(ROOT, file), exportName, meta, call: value as FoundAction["call"] });
      } else unwrapped.push(`${path.relative(ROOT, file)}#${exportName}`);
    }
  }
  return { actions, unwrapped };
}

export interface FoundRoute {
  file: string;
  urlPath: string;
  method: string;
  meta: RouteMeta | undefined;
  /** Checks every answer against the route's declared response schemas, so walks over every route do too. */
  handler: RouteHandler;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Every HTTP method exported by every route.ts under app/. */
export async function enumerateRoutes(): Promise<FoundRoute[]> {
  const files = walk(path.join(ROOT, "app"), (f) => f.endsWith(`${path.sep}route.ts`));
  const routes: FoundRoute[] = [];
  for (const file of files) {
    const urlPath = `/${path
      .relative(path.join(ROOT, "app"), path.dirname(file))
      .split(path.sep)
      .filter((seg) => !/^\(.*\)$/.test(seg))
      .join("/")}`;
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (typeof handler !== "function") continue;
      routes.push({
        file: path.relative(ROOT, file),
        urlPath,
        method,
        meta: (handler as { [ROUTE_META]?: RouteMeta })[ROUTE_META],
        handler: checkedRoute(handler as RouteHandler),
      });
    }
  }
  return routes;
}

/** Fills [param] segments with plausible values so the handler gets as far as its auth check. */
export function concretePath(urlPath: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = urlPath.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => {
    const value =
      name === "key" ? "refund-desk" : name === "name" ? "production" : "00000000-0000-4000-8000-000000000000";
    params[name] = value;
    return value;
  });
  return { url, params };
}

export interface FoundPage {
  file: string;
  urlPath: string;
  /** The default export: the page component, called with `{ params, searchParams }`. */
  page: unknown;
}

/** Every page.tsx under the console's route group, with its URL pattern. */
export async function enumerateConsolePages(): Promise<FoundPage[]> {
  const consoleDir = path.join(ROOT, "app/(console)");
  const files = walk(consoleDir, (f) => f.endsWith(`${path.sep}page.tsx`));
  const pages: FoundPage[] = [];
  for (const file of files) {
    const segments = path.relative(consoleDir, path.dirname(file)).split(path.sep).filter(Boolean);
    const mod = (await import(file)) as { default?: unknown };
    pages.push({ file: path.relative(ROOT, file), urlPath: `/${segments.join("/")}`, page: mod.default });
  }
  return pages;
}
