import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { clockFrom } from '../lib/clock';
import { formatCounts, ImportError, importDocument } from '../modules/imports';
import { backupSummary, backupSynopsis, runBackup } from './commands/backup';
import { batchSummary, batchSynopsis, runBatch } from './commands/batch';
import { clientSummary, clientSynopsis, runClient } from './commands/client';
import { inviteSummary, inviteSynopsis, runInvite } from './commands/invite';
import { resetSecuritySummary, resetSecuritySynopsis, runResetSecurity } from './commands/reset-security';
import { restoreSummary, restoreSynopsis, runRestore } from './commands/restore';

/*
 * The operator CLI: `npm run ops -- <command> …`. It reads the same configuration as the server and works
 * whether or not the server runs: with the embedded database it attaches to the running cluster, or starts
 * one for the duration of the command. Exit codes: 0 done, 1 failed (bad file, database), 2 bad usage.
 */

type Io = { out: (msg: string) => void; err: (msg: string) => void };
type Command = { synopsis: string; summary: string; run?: (args: string[], io: Io) => Promise<number> };

const USAGE_ERROR = 2;

const commands: Record<string, Command> = {
  import: {
    synopsis: 'import <file.json>',
    summary: 'load an import file (docs/import-format.md)',
    run: runImport,
  },
  // Listed in docs/product/operations.md#ops-cli; each gets its `run` when it is built.
  invite: { synopsis: inviteSynopsis, summary: inviteSummary, run: runInvite },
  batch: { synopsis: batchSynopsis, summary: batchSummary, run: runBatch },
  client: { synopsis: clientSynopsis, summary: clientSummary, run: runClient },
  'reset-security': { synopsis: resetSecuritySynopsis, summary: resetSecuritySummary, run: runResetSecurity },
  backup: { synopsis: backupSynopsis, summary: backupSummary, run: runBackup },
  restore: { synopsis: restoreSynopsis, summary: restoreSummary, run: runRestore },
  credits: { synopsis: 'credits import <file.csv>', summary: 'load credits from a CSV file' },
};

function usage(): string {
  const lines = Object.values(commands).map(
    (c) => `  ${c.synopsis.padEnd(36)}${c.summary}${c.run ? '' : ' (not available yet)'}`,
  );
  return ['usage: npm run ops -- <command>', '', 'commands:', ...lines].join('\n');
}

async function runImport(args: string[], io: Io): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) {
    io.err(`usage: npm run ops -- ${commands.import!.synopsis}`);
    return USAGE_ERROR;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (err) {
    io.err(`${file}: ${err instanceof SyntaxError ? 'not valid JSON: ' : ''}${(err as Error).message}`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config, io.out);
  try {
    const result = await importDocument(database.db, doc, { clock: clockFrom(config.appNow), log: io.out });
    io.out(`imported ${file} in ${result.durationMs} ms: ${formatCounts(result.counts)}`);
    for (const invite of result.inviteLinks)
      io.out(`invite for ${invite.email}: ${config.publicUrl}${invite.link}`);
    return 0;
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    io.err(`${file} was not imported, nothing was written.\n${err.message}`);
    return 1;
  } finally {
    await database.close();
  }
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (name === 'help' || name === '--help') {
    io.out(usage());
    return 0;
  }
  if (!command) {
    io.err(name === undefined ? usage() : `unknown command: ${name}\n\n${usage()}`);
    return USAGE_ERROR;
  }
  if (!command.run) {
    io.err(`${name}: not available yet`);
    return USAGE_ERROR;
  }
  return command.run(args, io);
}

const io: Io = {
  out: (msg) => process.stdout.write(`${msg}\n`),
  err: (msg) => process.stderr.write(`${msg}\n`),
};

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main(process.argv.slice(2), io)
    .then((code) => {
      process.exitCode = code;
    })
    .catch((err: unknown) => {
      io.err(`ops failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    });
}
