import type { DatabaseHandle } from "@/db/client";

/** What a CLI command is given: its database, a scratch one for a bundle file, and where it prints. */
export interface CliDeps {
  openDatabase: () => Promise<DatabaseHandle>;
  /** A fresh in-memory database for `test <bundle-file>`. */
  openScratchDatabase?: () => Promise<DatabaseHandle>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}
