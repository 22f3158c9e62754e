"use server";

import { z } from "zod";
import { defineAction } from "@/lib/server/define-action";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";

export const verifyLedgerAction = defineAction(
  { name: "verifyLedger", role: "viewer", schema: z.object({}) },
  async (_input, { db }) => verifyLedgerChain(db),
);
