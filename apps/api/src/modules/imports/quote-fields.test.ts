import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/database';
import { smallDocument } from '../../../test/import-documents';
import { programs } from '../../db/schema';
import { frozenClock } from '../../lib/clock';
import { importDocument } from './import-document';
import { ImportError } from './import-error';

/* A program's auction settings in the import document (docs/import-format.md, docs/product/auction.md). */

const clock = frozenClock(new Date('2026-03-10T10:00:00-03:00'));
const { db } = await freshDatabase();

async function stored() {
  return db
    .select({ cents: programs.quoteMinimumCents, minutes: programs.quoteWindowMinutes })
    .from(programs);
}

describe('programs[].quoteMinimum and quoteWindowMinutes', () => {
  it('default to R$ 50.000,00 and 10 minutes when left out', async () => {
    await importDocument(db, smallDocument(), { clock, notify: false });
    expect(await stored()).toEqual([{ cents: 5_000_000n, minutes: 10 }]);
  });

  it('are stored as written, and an entry without them sets the defaults again', async () => {
    const doc = smallDocument();
    Object.assign(doc.programs[0]!, { quoteMinimum: '120000.50', quoteWindowMinutes: 3 });
    await importDocument(db, doc, { clock, notify: false });
    expect(await stored()).toEqual([{ cents: 12_000_050n, minutes: 3 }]);
    await importDocument(db, smallDocument(), { clock, notify: false });
    expect(await stored()).toEqual([{ cents: 5_000_000n, minutes: 10 }]);
  });

  it('refuses a window that is not 1 to 1440 minutes and a minimum that is not money', async () => {
    for (const [field, value, message] of [
      ['quoteWindowMinutes', 0, /^programs\[0\]\.quoteWindowMinutes: validation\.invalid/],
      ['quoteWindowMinutes', 1441, /^programs\[0\]\.quoteWindowMinutes: validation\.invalid/],
      ['quoteMinimum', '10.001', /^programs\[0\]\.quoteMinimum: validation\.money/],
    ] as const) {
      const doc = smallDocument();
      Object.assign(doc.programs[0]!, { [field]: value });
      const error = await importDocument(db, doc, { clock, notify: false }).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(ImportError);
      expect((error as ImportError).message).toMatch(message);
    }
  });
});
