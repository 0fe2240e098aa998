import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** One line of the table: a budgeted figure (pass or fail) or, with no budget, a figure to read. */
export type Row = { figure: string; budget: string; measured: string; pass: boolean | null };

export type Machine = {
  cores: number;
  cpu: string;
  node: string;
  loadStart: number[];
  loadEnd: number[];
};

export function machineNow(loadStart: number[]): Machine {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    loadStart,
    loadEnd: os.loadavg(),
  };
}

export const loadText = (load: number[]) => load.map((l) => l.toFixed(2)).join(' ');
export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'pass' : 'FAIL');

function table(rows: Row[]): string[] {
  const header = ['Figure', 'Budget', 'Measured', 'Result'];
  const cells = rows.map((r) => [r.figure, r.budget, r.measured, verdict(r.pass)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)];
}

export function summaryLines(machine: Machine, tookMs: number, rows: Row[]): string[] {
  const failed = rows.filter((r) => r.pass === false).length;
  const budgeted = rows.filter((r) => r.pass !== null).length;
  return [
    `Machine: ${machine.cores} cores (${machine.cpu}), node ${machine.node}; load average (1, 5, 15 min) ` +
      `at start ${loadText(machine.loadStart)}, at end ${loadText(machine.loadEnd)}. Bench took ${seconds(tookMs)}.`,
    '',
    ...table(rows),
    '',
    `${budgeted - failed} of ${budgeted} budgets met.`,
  ];
}

/** bench-results/perf-<time>.json (everything measured) and .md (the table and the details). */
export async function writeResults(input: {
  outDir: string;
  stamp: string;
  lines: string[];
  details: string[];
  data: unknown;
}) {
  await fs.mkdir(input.outDir, { recursive: true });
  const base = path.join(input.outDir, `perf-${input.stamp}`);
  await fs.writeFile(`${base}.json`, JSON.stringify(input.data, null, 2));
  await fs.writeFile(
    `${base}.md`,
    ['# npm run bench', '', ...input.lines, '', ...input.details, ''].join('\n'),
  );
  return base;
}
