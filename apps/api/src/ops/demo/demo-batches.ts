import type { ImportFileInput } from '@portal/contract';
import { addDays, centsToMoneyString, intBetween, type Random } from './demo-random';

type Credit = NonNullable<ImportFileInput['credits']>[number];
type Batch = NonNullable<ImportFileInput['batches']>[number];
type Status = Batch['status'];

/*
 * The demo's history: about three months of Ana's requests for Alfa (her default company) before the day the
 * file is written for, so the history page, the request detail and the dashboard's portfolio chart have
 * something to show. Mostly paid, one rejected with the platform's reason, one cancelled by Ana, and two still
 * open from the last days. Live requests (REQUESTED or PAID) are never more than two weeks apart, so each of the
 * chart's last three months shows an amount advanced whatever the day the demo is loaded (its dates are moved
 * with the rest: shift-demo-dates.ts), except on the first day of a month, when nothing is requested yet.
 *
 * Each request holds credits of its own, written here: issued before the request and due after the file's day,
 * so the invoices the browser tests count (the generated credits, demo-credits.ts) stay exactly as they were.
 * The credits of the rejected and the cancelled request are AVAILABLE again, as they would be.
 */

const USER = 'ana@demo.test';
const COMPANY = 'alfa';
const OFFSET = '-03:00';
/** Alfa's invoices before the generated ones (which start above 152,000). */
const FIRST_NF = 150_800;
const MIN_CENTS = 1_500_00;
const MAX_CENTS = 45_000_00;
/** Days at least from the file's day to the due date of a credit of the history. */
export const MIN_DAYS_TO_DUE = 15;

const REJECTION =
  'A Horizonte Alimentos não confirmou a entrega das mercadorias destas notas. ' +
  'Solicite novamente depois da confirmação do recebimento.';

/** [days before the file's day, time requested, program, status, credits]. */
const plans: readonly [number, string, string, Status, number][] = [
  [83, '09:14', 'horizonte-fornecedores', 'PAID', 3],
  [76, '15:42', 'horizonte-logistica', 'PAID', 2],
  [69, '10:05', 'horizonte-fornecedores', 'REJECTED', 2],
  [62, '11:37', 'vale-verde-servicos', 'PAID', 2],
  [55, '14:20', 'horizonte-fornecedores', 'PAID', 4],
  [48, '09:51', 'horizonte-fornecedores', 'CANCELLED', 1],
  [41, '16:08', 'horizonte-logistica', 'PAID', 3],
  [34, '10:26', 'horizonte-fornecedores', 'PAID', 2],
  [27, '13:45', 'vale-verde-servicos', 'PAID', 2],
  [20, '09:33', 'horizonte-fornecedores', 'PAID', 3],
  [13, '15:17', 'horizonte-logistica', 'PAID', 2],
  [7, '11:02', 'horizonte-fornecedores', 'PAID', 2],
  [2, '10:48', 'horizonte-fornecedores', 'REQUESTED', 2],
  [1, '16:21', 'horizonte-logistica', 'REQUESTED', 3],
];

const instant = (date: string, time: string) => `${date}T${time}:00${OFFSET}`;

/** When the platform paid or rejected it (the next days, in the morning), or Ana cancelled it (minutes later). */
function settledAt(status: Status, date: string, time: string, daysToPay: number): string | null {
  if (status === 'REQUESTED') return null;
  if (status === 'CANCELLED') {
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    const later = Math.min(hours * 60 + minutes + 6, 23 * 60 + 59);
    const hhmm = `${String(Math.floor(later / 60)).padStart(2, '0')}:${String(later % 60).padStart(2, '0')}`;
    return instant(date, hhmm);
  }
  if (status === 'REJECTED') return instant(addDays(date, 1), '09:40');
  return instant(addDays(date, daysToPay), '11:15');
}

/** The status a request in `status` leaves its credits in. */
function creditStatus(status: Status): Credit['status'] {
  return status === 'REQUESTED' || status === 'PAID' ? status : 'AVAILABLE';
}

export function generateHistory(
  random: Random,
  options: { fileDay: string; daysToPay: (program: string) => number; serviceProgram: string },
): { credits: Credit[]; batches: Batch[] } {
  const credits: Credit[] = [];
  const batches: Batch[] = [];
  let nf = FIRST_NF;
  plans.forEach(([daysBefore, time, program, status, count], n) => {
    const date = addDays(options.fileDay, -daysBefore);
    const isService = program === options.serviceProgram;
    const refs: string[] = [];
    for (let i = 0; i < count; i++) {
      nf += intBetween(random, 4, 40);
      const nfNumber = String(nf).padStart(6, '0');
      const cents = Math.round(
        Math.exp(Math.log(MIN_CENTS) + random() ** 1.3 * Math.log(MAX_CENTS / MIN_CENTS)),
      );
      const ref = `${COMPANY}-${nfNumber}-1-1`;
      refs.push(ref);
      credits.push({
        ref,
        programProvider: `${COMPANY}-${program}`,
        nfNumber,
        nfSerial: '1',
        installmentNumber: 1,
        orderDetail: `PC-2026-${String(intBetween(random, 1, 999_999)).padStart(6, '0')}`,
        issueDate: addDays(date, -intBetween(random, 2, 40)),
        // Two weeks at least after the file's day: still far enough from any of these requests' payment dates
        // to be advanced then, whatever weekday (and holiday) the seeding day's shift lands them on.
        expireDate: addDays(options.fileDay, intBetween(random, MIN_DAYS_TO_DUE, 160)),
        originalValue: centsToMoneyString(cents),
        kind: isService ? 'SERVICE' : 'GOODS',
        status: creditStatus(status),
        // A service invoice is requested only once its document is in.
        ...(isService ? { invoiceUploaded: true } : {}),
      });
    }
    batches.push({
      ref: `historico-${String(n + 1).padStart(2, '0')}`,
      programProvider: `${COMPANY}-${program}`,
      credits: refs,
      requestedAt: instant(date, time),
      requestedBy: USER,
      status,
      settledAt: settledAt(status, date, time, options.daysToPay(program)),
      rejectionReason: status === 'REJECTED' ? REJECTION : null,
    });
  });
  return { credits, batches };
}
