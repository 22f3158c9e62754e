/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm + data files; bundling it would also copy them into public static media.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  typedRoutes: false,
  // Parallel work on one checkout (several e2e runs at once) needs one build directory each.
  distDir: process.env.FOCAL_NEXT_DIST_DIR || ".next",
};

export default nextConfig;
