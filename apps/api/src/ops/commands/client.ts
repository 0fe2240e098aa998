import { parseArgs } from 'node:util';
import { funderScopes, parseScopeList, platformScopes } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { type Config, loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { funders, organizations } from '../../db/schema';
import { clockFrom } from '../../lib/clock';
import {
  createMachineClient,
  listMachineClients,
  revokeMachineClient,
  rotateMachineClientSecret,
} from '../../modules/machine-clients/machine-clients';

type Io = { out: (msg: string) => void; err: (msg: string) => void };

export const clientSynopsis = 'client create|list|revoke|rotate …';
export const clientSummary = 'machine clients of the platform API (docs/product/platform-api.md#clients)';
const USAGE_ERROR = 2;

const usage = [
  'usage: npm run ops -- client create --organization <slug> [--funder <ref>] --name <text> --scopes <a,b,…> [--json]',
  '       npm run ops -- client list [--json]',
  '       npm run ops -- client revoke <client_id>',
  '       npm run ops -- client rotate <client_id> [--json]',
  `scopes: ${platformScopes.join(', ')}`,
  `a funder's client (--funder): ${funderScopes.join(', ')}`,
].join('\n');

type Parsed =
  | {
      action: 'create';
      organization: string;
      funder: string | undefined;
      name: string;
      scopes: string;
      json: boolean;
    }
  | { action: 'list'; json: boolean }
  | { action: 'revoke' | 'rotate'; clientId: string; json: boolean };

/**
 * `npm run ops -- client …`: creates, lists, revokes and rotates machine clients. A secret is printed once,
 * when it is made (create, rotate), and never again: only its hash is stored. `--json` prints one line for
 * scripts. Exit codes: 0 done, 1 refused (unknown organization or client, bad scopes), 2 bad usage.
 */
export async function runClient(args: string[], io: Io, config: Config = loadConfig()): Promise<number> {
  const parsed = parseClientArgs(args);
  if (!parsed) {
    io.err(usage);
    return USAGE_ERROR;
  }
  const database = await openDatabase(config, parsed.json ? () => {} : io.out);
  const now = clockFrom(config.appNow).now();
  const print = (json: unknown, text: string) => io.out(parsed.json ? JSON.stringify(json) : text);
  try {
    const { db } = database;
    if (parsed.action === 'create') {
      const scopes = parseScopeList(parsed.scopes.replaceAll(',', ' '));
      if (!scopes || scopes.length === 0) {
        io.err(`client: --scopes takes a comma-separated list of ${platformScopes.join(', ')}`);
        return 1;
      }
      const [organization] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.slug, parsed.organization));
      if (!organization) {
        io.err(`client: no organization with slug "${parsed.organization}"`);
        return 1;
      }
      let funderId: number | undefined;
      if (parsed.funder !== undefined) {
        const [funder] = await db
          .select({ id: funders.id })
          .from(funders)
          .where(and(eq(funders.organizationId, organization.id), eq(funders.ref, parsed.funder)));
        if (!funder) {
          io.err(`client: no funder with ref "${parsed.funder}" in organization "${parsed.organization}"`);
          return 1;
        }
        const beyond = scopes.filter((scope) => !(funderScopes as readonly string[]).includes(scope));
        if (beyond.length > 0) {
          io.err(
            `client: a funder’s client takes only ${funderScopes.join(', ')} (not ${beyond.join(', ')})`,
          );
          return 1;
        }
        funderId = funder.id;
      } else if (scopes.includes('offers:write')) {
        io.err('client: offers:write is for a funder’s client (--funder <ref>)');
        return 1;
      }
      const client = await createMachineClient(db, {
        organizationId: organization.id,
        funderId,
        name: parsed.name,
        scopes,
        now,
      });
      const forWhom = parsed.funder === undefined ? '' : `, funder ${parsed.funder}`;
      print(
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          scopes: client.scopes,
          funder: parsed.funder ?? null,
        },
        [
          `client ${client.clientId} created for ${parsed.organization}${forWhom} (${scopes.join(', ')})`,
          `client_secret: ${client.clientSecret}`,
          'The secret is shown this once: store it now.',
        ].join('\n'),
      );
      return 0;
    }
    if (parsed.action === 'list') {
      const clients = await listMachineClients(db);
      print(
        clients.map((c) => ({
          client_id: c.clientId,
          name: c.name,
          organization: c.organization,
          funder: c.funder,
          scopes: c.scopes,
          created_at: c.createdAt.toISOString(),
          revoked_at: c.revokedAt?.toISOString() ?? null,
        })),
        clients.length === 0
          ? 'no machine clients'
          : clients
              .map(
                (c) =>
                  `${c.clientId}  ${c.organization}${c.funder ? ` (funder ${c.funder})` : ''}  ${c.name}  ${c.scopes.join(',')}  ${c.revokedAt ? `revoked ${c.revokedAt.toISOString()}` : 'active'}`,
              )
              .join('\n'),
      );
      return 0;
    }
    if (parsed.action === 'revoke') {
      if (!(await revokeMachineClient(db, parsed.clientId, now))) return unknownClient(io, parsed.clientId);
      print(
        { client_id: parsed.clientId, revoked: true },
        `client ${parsed.clientId} revoked: its tokens no longer work`,
      );
      return 0;
    }
    const rotated = await rotateMachineClientSecret(db, parsed.clientId, now);
    if (!rotated) return unknownClient(io, parsed.clientId);
    const until = rotated.previousSecretExpiresAt.toISOString();
    print(
      { client_id: parsed.clientId, client_secret: rotated.clientSecret, previous_secret_expires_at: until },
      [
        `client ${parsed.clientId}: new client_secret: ${rotated.clientSecret}`,
        `The previous secret keeps working until ${until}. The new one is shown this once: store it now.`,
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

function unknownClient(io: Io, clientId: string) {
  io.err(`client: no active client ${clientId}`);
  return 1;
}

function parseClientArgs(args: string[]): Parsed | undefined {
  const [action, ...rest] = args;
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: {
        organization: { type: 'string' },
        funder: { type: 'string' },
        name: { type: 'string' },
        scopes: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: true,
    });
    const json = values.json === true;
    if (
      action === 'create' &&
      positionals.length === 0 &&
      values.organization &&
      values.name &&
      values.scopes
    )
      return {
        action,
        organization: values.organization,
        funder: values.funder,
        name: values.name,
        scopes: values.scopes,
        json,
      };
    if (action === 'list' && positionals.length === 0) return { action, json };
    if ((action === 'revoke' || action === 'rotate') && positionals.length === 1)
      return { action, clientId: positionals[0]!, json };
    return undefined;
  } catch {
    return undefined;
  }
}
