import { it } from 'vitest';
import { freshDatabase } from '../../../test/database';
import { frozenClock } from '../../lib/clock';
import { importDocument } from './import-document';
import { credit, smallDocument } from './test-helpers';

const { db } = await freshDatabase();
it('100k', async () => {
  const doc = smallDocument();
  doc.credits = Array.from({ length: 100_000 }, (_, i) =>
    credit(`k${i}`, `${1000 + (i % 5000)}.${String(i % 100).padStart(2, '0')}`),
  );
  const clock = frozenClock(new Date());
  for (const round of [1, 2]) {
    const { importFileSchema } = await import('@portal/contract');
    const t = performance.now();
    importFileSchema.safeParse(doc, { reportInput: true });
    console.log('parse', performance.now() - t);
    const r = await importDocument(db, doc, { clock, log: console.log });
    console.log(round, r.durationMs, JSON.stringify(r.counts.credits));
  }
}, 120_000);
