import { type ChildProcess, spawn } from 'node:child_process';
import { onCleanup } from './cleanup';

export const repoRoot = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export type CommandResult = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs a command to its end (killed past `timeoutMs`), collecting its output; stopped by the cleanup. */
export function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs: number; cwd?: string; echo?: boolean },
): Promise<CommandResult> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forget = onCleanup(`${command} ${args.join(' ')}`, () => stopProcess(child, 5_000));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
    if (options.echo) process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
    if (options.echo) process.stderr.write(chunk);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      forget();
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
export function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
