// The admin the e2e server is started with (playwright.config.ts) and the specs sign in as.
export const E2E_ADMIN = { email: "admin@focal.test", password: "e2e-admin-password-1" };
// The admin-scoped key the e2e server provisions at boot (FOCAL_BOOTSTRAP_API_KEY): the specs import
// their own agents with it, without a sign-in of their own.
export const E2E_API_KEY = "fk_e2e-bootstrap-key-0123456789abcdef";

// The port of the order API a spec serves on 127.0.0.1 for its http tools; the server allows that one
// host (FOCAL_TOOL_HOSTS), so several e2e runs side by side (E2E_PORT) each call their own.
export const E2E_TOOL_PORT = Number(process.env.E2E_PORT ?? 3210) + 50;
// The loopback MCP server e2e/mcp-servers.spec.ts starts; the e2e app allows its host (playwright.config.ts).
export const E2E_MCP_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
