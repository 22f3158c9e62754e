import { z } from "zod";
import { AgentKey } from "@/lib/engine/contracts/bundle";

// A key that cannot exist is a 404, like an unknown one.
export const ExportParams = z.object({ key: AgentKey });
