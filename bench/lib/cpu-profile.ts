// The CPU profile a product process wrote under --cpu-prof, summed by package, by function and
// inclusively: the tool the profile-* scripts share (decision 107).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
export function summariseProfile(profileDir: string): void {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${profileDir}`);
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
  );
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
  const where = (url: string) => {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (match?.[1]) return match[1];
    if (url.includes('/dist/server.js')) return 'our code (dist/server.js)';
    if (url.startsWith('node:')) return 'node core';
    return url || '(native / GC / idle)';
  };
  const sum = (key: (node: ProfileNode) => string) => {
    const totals = new Map<string, number>();
    for (const [id, time] of selfTime) {
      const node = byId.get(id);
      if (node) totals.set(key(node), (totals.get(key(node)) ?? 0) + time);
    }
    return [...totals].sort((a, b) => b[1] - a[1]);
  };
  const show = (title: string, rows: Array<[string, number]>, count: number) => {
    console.log(`\n${title}`);
    for (const [name, time] of rows.slice(0, count))
      console.log(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${name}`);
  };
  show(
    'self time by package',
    sum((node) => where(node.callFrame.url)),
    25,
  );
  show(
    'self time by function',
    sum(
      (node) =>
        `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}:${node.callFrame.lineNumber}`,
    ),
    60,
  );
  // Inclusive time of our functions (the request path's own steps).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node) break;
      const name = `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}:${node.callFrame.lineNumber}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + time);
    }
  }
  show(
    'inclusive time',
    [...inclusive].sort((a, b) => b[1] - a[1]),
    80,
  );
  console.log(`\nprofile: ${join(profileDir, file)}`);
}
