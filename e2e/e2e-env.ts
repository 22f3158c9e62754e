// The admin the e2e server is started with (playwright.config.ts) and the specs sign in as.
export const E2E_ADMIN = { email: "admin@focal.test", password: "e2e-admin-password-1" };
