import { rm } from 'node:fs/promises';
import path from 'node:path';
import { invoiceUpload, uploadCreditInvoiceCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/route';
import { createLocalUploadStore } from '../../storage/local-upload-store';
import { extensionOf } from '../../storage/upload-store';
import { sanitizeFileName } from './file-name';
import { createIncomingDir } from './incoming-dir';
import { createInvoiceCheckPool } from './invoice-check-pool';
import { receiveInvoiceFile } from './receive-upload';
import { findCallerCredit, recordCreditInvoice, refuseWhenFull } from './upload-queries';

export async function uploadRoutes(app: FastifyInstance) {
  const { db, clock, config } = app.deps;
  // Built here so no shared wiring changes; an object store would come in through AppDeps instead.
  const store = createLocalUploadStore(path.join(config.dataDir, 'uploads'));
  const incoming = createIncomingDir(path.join(config.dataDir, 'tmp'));
  const invoiceChecks = createInvoiceCheckPool();
  app.addHook('onClose', () => invoiceChecks.close());

  registerCall(app, uploadCreditInvoiceCall, async (request, _reply, caller) => {
    // Ownership first: another company's credit learns nothing, not even whether its body was acceptable.
    const credit = await findCallerCredit(db, caller, request.params.creditId);
    // Before the body is read; checked again, under the credit's lock, when the document is recorded.
    await refuseWhenFull(db, credit.id);
    const upload = await receiveInvoiceFile(request, { incoming, maxBytes: invoiceUpload.maxBytes });
    try {
      const { contentType } = upload;
      if (!contentType) throw new AppError('error.upload.unsupportedType');
      // An XML is read and checked against the credit, on a worker thread, before anything is kept.
      const { accessKey } =
        contentType === 'application/xml'
          ? await invoiceChecks.check(upload.tempPath, credit.facts)
          : { accessKey: null };
      const { storedName } = await store.put(upload.tempPath, { sha256: upload.sha256, contentType });
      const fileName = sanitizeFileName(upload.clientName, extensionOf[contentType]);
      try {
        const { id } = await recordCreditInvoice(db, {
          creditId: credit.id,
          fileName,
          storedName,
          contentType,
          size: upload.size,
          sha256: upload.sha256,
          accessKey,
          uploadedBy: caller.id,
          createdAt: clock.now(),
        });
        return { id, fileName, size: upload.size, accessKey };
      } catch (error) {
        await store.remove(storedName);
        throw error;
      }
    } finally {
      await rm(upload.tempPath, { force: true });
    }
  });
}
