import { platformImportCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { registerCall } from '../../http/route';
import { loadSecretsKey } from '../../lib/secret-box';
import { createImportPool } from './import-pool';

/**
 * POST /api/platform/v1/imports (docs/product/platform-api.md#imports): the operator import's own code, confined
 * to the client's organization, its answer recorded with the import under the client's `Idempotency-Key`. The
 * body is read, checked and written on the import's worker thread (import-worker.ts): this thread only receives
 * its bytes and sends the answer.
 */
export async function platformImportRoutes(app: FastifyInstance) {
  const imports = createImportPool();
  app.addHook('onClose', () => imports.close());
  await app.register(async (scope) => {
    // The body stays bytes here: parsing 32 MiB of JSON, or checking it, would hold every other request up.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body.length === 0 ? undefined : body),
    );
    // The contract's body schema still describes the call (OpenAPI); the worker applies it.
    scope.setValidatorCompiler((route) =>
      route.httpPart === 'body'
        ? (value: unknown) => ({ value })
        : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
    );
    registerImport(scope, imports);
  });
}

function registerImport(app: FastifyInstance, imports: ReturnType<typeof createImportPool>) {
  const { db, clock, config } = app.deps;
  const databaseUrl = db.$client.options.connectionString;
  if (!databaseUrl) throw new Error('the platform import needs the database pool’s connection string');
  const secretsKey = loadSecretsKey(config);
  registerCall(app, platformImportCall, async (request, _reply, machine) => {
    const { answer, logs } = await imports.run({
      // No body at all is null here (no content type, so no parser ran), an empty one undefined: both none.
      body: (request.body as unknown as Buffer | null | undefined) ?? undefined,
      machine,
      idempotencyKey: request.headers['idempotency-key'],
      nowMs: clock.now().getTime(),
      databaseUrl,
      secretsKey,
    });
    for (const line of logs) request.log.info({ client: machine.clientId }, line);
    request.log.info({ client: machine.clientId, counts: answer.counts }, 'platform import');
    return answer;
  });
}
