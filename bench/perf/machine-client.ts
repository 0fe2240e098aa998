import { apiProcess } from '../../apps/api/test/api-build';
import { BENCH_ORGANIZATION } from './dataset';
import { runCommand } from './processes';

/**
 * A machine client of the bench's organization from the operator CLI (`npm run ops -- client create`), a funder's
 * with `funder`, then a token from the client credentials grant: the Authorization header to send.
 */
export async function machineAuthorization(
  base: string,
  env: NodeJS.ProcessEnv,
  input: { name: string; scopes: string; funder?: string },
): Promise<string> {
  const args = ['client', 'create', '--organization', BENCH_ORGANIZATION, '--name', input.name];
  if (input.funder) args.push('--funder', input.funder);
  const created = await runCommand(
    process.execPath,
    [...apiProcess.cli, ...args, '--scopes', input.scopes, '--json'],
    { env, timeoutMs: 60_000 },
  );
  if (created.code !== 0)
    throw new Error(`client create failed (exit ${created.code}):\n${created.stdout}\n${created.stderr}`);
  const client = JSON.parse(created.stdout.trim().split('\n').at(-1)!) as {
    client_id: string;
    client_secret: string;
  };
  // RFC 6749 2.3.1: the id and secret are form-encoded before they go into HTTP Basic.
  const basic = Buffer.from(
    `${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`,
  ).toString('base64');
  const res = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: input.scopes.replaceAll(',', ' ') }),
  });
  if (res.status !== 200) throw new Error(`client credentials grant: HTTP ${res.status} ${await res.text()}`);
  return `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
}
