import { getBatchStatementCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import type { LocaleTable } from '../../mail/templates/locale';
import { loadStatement } from './load-statement';
import { renderStatement } from './render-statement';

/** The downloaded file's name, in the statement's language; plain ASCII, so no `filename*` is needed. */
const FILE_NAMES: LocaleTable<(id: number) => string> = {
  'pt-BR': (id) => `extrato-solicitacao-${id}.pdf`,
  'pt-PT': (id) => `extrato-pedido-${id}.pdf`,
  en: (id) => `request-statement-${id}.pdf`,
  'en-ZA': (id) => `request-statement-${id}.pdf`,
};

export async function statementRoutes(app: FastifyInstance) {
  /** docs/product/requests.md#statement: a PDF in the caller's language, downloaded, never cached. */
  registerCall(app, getBatchStatementCall, async (request, reply, caller) => {
    const input = await loadStatement(app.deps.db, caller, request.params.id, app.deps.clock.now());
    const pdf = await renderStatement(input);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${FILE_NAMES[input.locale](input.batch.id)}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
