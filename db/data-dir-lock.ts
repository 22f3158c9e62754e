import fs from "node:fs";
import path from "node:path";

// PGlite does not lock its data directory: a second process writing to it corrupts it silently.
// Focal holds `focal.lock` (the owner's pid) and refuses to open a directory another live process holds.
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database at ${dir} is already in use by process ${pid}. ` +
        "Stop that Focal server first, point FOCAL_DATA_DIR at another directory, " +
        "or use the REST API of the running server.",
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "focal.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (owner === process.pid) return () => {};
      if (Number.isFinite(owner) && isAlive(owner)) throw new DataDirLockedError(dir, owner);
      // Stale lock from a process that died without cleaning up: take it over.
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
