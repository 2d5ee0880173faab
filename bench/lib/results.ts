import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = join(import.meta.dirname, '..', 'RESULTS.md');
const HEADER = `# Benchmark results

Written by the scripts in \`bench/\` (\`npm run bench\`, or one script with \`npx tsx bench/<name>.ts\`).
Each section is replaced by its script's latest run; figures are ratios against a baseline measured
in the same run where the target is a ratio. Machine: 2 cores, load generator on the same machine.
`;

/** Replaces (or appends) the section between this script's markers in bench/RESULTS.md. */
export function writeSection(id: string, markdown: string): void {
  const start = `<!-- ${id}:start -->`;
  const end = `<!-- ${id}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, next);
}
