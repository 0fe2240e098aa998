import { creditPageSchema, creditsQuerySchema, zonedDateTime } from '@portal/contract';
import { addBusinessDays, daysToMaturity, firstEligibleDueDate } from '@portal/pricing';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { answerStringify } from '../../http/answer-serializer';

/**
 * Work done once per process that the first credits page after a start would otherwise pay on top of its
 * queries (docs/decisions/api-speed.md#warm-start): ICU loading an organization's time zone for its first
 * formatter (about 20 ms), the bank calendar's first business days, zod compiling the list's query schema on
 * its first use, and the list's answer function (fast-json-stringify, up to 18 ms: http/answer-serializer.ts).
 * Run before the server listens; it reads no credit and keeps nothing but what those libraries and the answer
 * functions keep themselves.
 */
export async function warmCreditList(db: Database, now: Date) {
  const zones = await db.selectDistinct({ timezone: organizations.timezone }).from(organizations);
  for (const { timezone } of zones) {
    const { date } = zonedDateTime(now, timezone);
    const paymentDate = addBusinessDays(date, 1);
    daysToMaturity(paymentDate, firstEligibleDueDate(paymentDate, 1));
  }
  z.safeParse(creditsQuerySchema, { page: '0', size: '30', sort: 'value,asc' });
  answerStringify(creditPageSchema)?.({
    content: [
      {
        id: 1,
        nfNumber: '1',
        nfSerial: '1',
        buyer: 'warm-up',
        orderDetail: null,
        installmentNumber: 1,
        expireDate: '2026-01-02',
        originalValue: 1,
        discountedValue: 0.1,
        anticipationValue: 0.9,
        kind: 'GOODS',
        requiresInvoice: false,
        invoiceUploaded: false,
        invoiceKey: null,
      },
    ],
    number: 0,
    size: 30,
    last: true,
    totalElements: 1,
  });
}
