"use client";

import { createAuthClient } from "better-auth/react";

// Same-origin client: the console and /api/auth are served by the same app.
export const authClient = createAuthClient();
