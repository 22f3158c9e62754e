import { readFile } from "node:fs/promises";

/** A file named on the command line, parsed as JSON; null after telling `stderr` why it could not be read. */
export async function readJsonFile(file: string, stderr: (text: string) => void): Promise<{ json: unknown } | null> {
  try {
    return { json: JSON.parse(await readFile(file, "utf8")) };
  } catch (error) {
    stderr(`Cannot read ${file} as JSON: ${(error as Error).message}\n`);
    return null;
  }
}
