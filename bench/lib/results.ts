import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const FILE = join(import.meta.dirname, '..', 'RESULTS.md');
const HEADER = `# Benchmark results

Written by the scripts in \`bench/\` (\`npm run bench\`, or one script with \`npx tsx bench/<name>.ts\`).
Each section is replaced by its script's latest run; figures are ratios against a baseline measured
in the same run where the target is a ratio. The load generator runs on the same machine as the
servers; each section names that machine in its last line.
`;

/**
 * The machine a section was measured on. The same build's ratios differ from one machine to another
 * (decision 150: GET /api/me read 0.28 of bare on one 2-core machine and 0.42 on another), so every
 * section names its processor. What the operating system reports: a container's CPU or memory limit
 * does not show here.
 */
export function machineText(): string {
  const processors = cpus();
  const model = processors[0]?.model.trim() || 'unknown processor';
  // The model name alone may be only the vendor's family name ("AMD EPYC"): its generation too.
  const info = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.+)$`, 'm').exec(info)?.[1]?.trim();
  const family = field('cpu family');
  const generation = family ? ` (family ${family}, model ${field('model') ?? '?'})` : '';
  const memory = Math.round(totalmem() / 2 ** 30);
  return `Machine: ${model}${generation}, ${processors.length} CPUs, ${memory} GiB, Node ${process.version}.`;
}

/**
 * Replaces (or appends) the section between this script's markers in bench/RESULTS.md, with the
 * machine it was measured on as its last line.
 */
export function writeSection(id: string, markdown: string): void {
  const start = `<!-- ${id}:start -->`;
  const end = `<!-- ${id}:end -->`;
  const block = `${start}\n${markdown.trim()}\n\n${machineText()}\n${end}`;
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, next);
}
