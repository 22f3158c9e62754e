import { Report } from "./report";
import { BENCH_SECTIONS, isBenchSection } from "./sections";

// One bench section in a process of its own (bench/sections.ts): `tsx bench/section-child.ts <name>`.
// Its `name=value` and `# note` lines go to bench/run.ts through stdout.

async function main() {
  const name = process.argv[2] ?? "";
  if (!isBenchSection(name)) throw new Error(`unknown bench section "${name}"`);
  await BENCH_SECTIONS[name](new Report());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
