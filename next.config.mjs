/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm + data files; bundling it would also copy them into public static media.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
