// The heaviest functions of a V8 CPU profile (node --cpu-prof, e.g. `npm run bench -- --profile`), by self
// time and by package, so a profile can be read without DevTools.
// Run: node --import tsx bench/perf/profile-top.ts <file.cpuprofile> [count]
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, countArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [count]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const place = (url: string) =>
  url.includes('node_modules/')
    ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
    : url.replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/') || '(native)';
const functions = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, micros] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const key = `${functionName || '(anonymous)'} ${place(url)}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + micros);
  const where =
    place(url).startsWith('apps/') || place(url).startsWith('packages/') ? 'our code' : place(url);
  packages.set(where, (packages.get(where) ?? 0) + micros);
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${key}`);
const count = Number(countArg ?? 25);
console.log(`${(total / 1e6).toFixed(1)} s of samples\n\nby package or place (self time):`);
console.log(top(packages, 15).join('\n'));
console.log(`\nby function (self time):`);
console.log(top(functions, count).join('\n'));
