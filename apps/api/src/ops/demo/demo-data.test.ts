import fs from 'node:fs';
import { importFileSchema, isValidCnpj } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_DATA_FILE } from '../seed-demo';
import { MIN_DAYS_TO_DUE } from './demo-batches';
import { addDays } from './demo-random';
import { buildDemoData, formatDocument } from './generate-demo-data';
import { DEMO_FILE_DAY } from './shift-demo-dates';

const demo = importFileSchema.parse(JSON.parse(fs.readFileSync(DEMO_DATA_FILE, 'utf8')));

describe('the committed demo file', () => {
  it('is what the generator produces (regenerate it after changing the generator)', () => {
    expect(fs.readFileSync(DEMO_DATA_FILE, 'utf8')).toBe(formatDocument(buildDemoData()));
  });

  it('covers the portal’s cases: who may anticipate, in how many programs, with which pricing', () => {
    const providersOf = (company: string) => demo.programProviders.filter((pp) => pp.company === company);
    expect([providersOf('alfa').length, providersOf('beta').length, providersOf('gama').length]).toEqual([
      4, 2, 1,
    ]);
    expect(providersOf('alfa').filter((pp) => pp.status === 'INACTIVATED')).toHaveLength(1);
    expect(demo.companies.find((c) => c.ref === 'beta')!.bankAccount).toBeNull();
    expect(demo.companies.find((c) => c.ref === 'gama')!.canAnticipate).toBe(false);
    expect(demo.programs.some((p) => p.discountMode === 'compound')).toBe(true);
    expect(demo.programs.some((p) => p.iof.some((r) => r.daily !== '0') && p.bankFee === '3.50')).toBe(true);
    expect(new Set(demo.programs.map((p) => p.color)).size).toBe(demo.programs.length);
    expect(demo.invites.map((i) => i.status).sort()).toEqual([
      'CLOSED',
      'CONFIRMED',
      'OPEN',
      'OPEN',
      'WAITING_CONFIRMATION',
    ]);
  });

  it('has a supplier and a buyer with alphanumeric CNPJs, in a program of their own (docs/product/identification.md#cnpj)', () => {
    const alphanumeric = (id: string) => /[A-Z]/.test(id) && isValidCnpj(id);
    expect(demo.companies.filter((c) => alphanumeric(c.identification)).map((c) => c.ref)).toEqual(['delta']);
    expect(demo.buyers.filter((b) => alphanumeric(b.identification)).map((b) => b.ref)).toEqual(['aurora']);
    const delta = demo.programProviders.filter((pp) => pp.company === 'delta');
    expect(delta.map((pp) => demo.programs.find((p) => p.ref === pp.program)!.buyer).sort()).toEqual([
      'aurora',
      'horizonte',
    ]);
    expect(demo.users.find((u) => u.email === 'helena@demo.test')!.companies).toEqual(['delta', 'beta']);
  });

  it('has enough credits, mostly available, about a tenth of them services in a program that needs the invoice', () => {
    const { credits } = demo;
    expect(credits.length).toBeGreaterThanOrEqual(1500);
    const share = (predicate: (c: (typeof credits)[number]) => boolean) =>
      credits.filter(predicate).length / credits.length;
    expect(share((c) => c.status === 'AVAILABLE')).toBeGreaterThan(0.75);
    for (const status of ['REQUESTED', 'PAID', 'UNAVAILABLE'] as const)
      expect(share((c) => c.status === status)).toBeGreaterThan(0);
    expect(share((c) => c.kind === 'SERVICE')).toBeGreaterThan(0.07);
    expect(share((c) => c.kind === 'SERVICE')).toBeLessThan(0.13);
    const serviceProviders = new Set(
      credits.filter((c) => c.kind === 'SERVICE').map((c) => c.programProvider),
    );
    const programOf = (ppRef: string) => demo.programProviders.find((pp) => pp.ref === ppRef)!.program;
    for (const pp of serviceProviders) {
      expect(demo.programs.find((p) => p.ref === programOf(pp))!.requireServiceInvoice).toBe(true);
    }
    const expiries = credits.map((c) => c.expireDate).sort();
    expect([expiries[0]! > '2026-11-22', expiries.at(-1)! <= '2027-05-22']).toEqual([true, true]);
  });

  it('gives Alfa withdrawn credits in each program it may use, for the "not available" list', () => {
    const active = demo.programProviders.filter((pp) => pp.company === 'alfa' && pp.status === 'ACTIVATED');
    for (const pp of active) {
      const withdrawn = demo.credits.filter(
        (c) => c.programProvider === pp.ref && c.status === 'UNAVAILABLE',
      );
      expect(withdrawn.length, pp.ref).toBeGreaterThan(0);
    }
  });

  it('gives Ana about three months of requests for Alfa, on credits of their own', () => {
    const { batches, credits } = demo;
    const count = (status: string) => batches.filter((b) => b.status === status).length;
    expect([count('PAID') >= 5, count('REJECTED'), count('CANCELLED'), count('REQUESTED')]).toEqual([
      true,
      1,
      1,
      2,
    ]);
    expect(new Set(batches.map((b) => b.requestedBy))).toEqual(new Set(['ana@demo.test']));
    expect(batches.every((b) => b.programProvider.startsWith('alfa-'))).toBe(true);
    expect(batches.find((b) => b.status === 'REJECTED')!.rejectionReason).toBeTruthy();
    const day = (instant: string) => instant.slice(0, 10);
    const requested = batches.map((b) => day(b.requestedAt)).sort();
    expect(requested[0]! < '2026-09-02' && requested.at(-1)! < DEMO_FILE_DAY).toBe(true);
    // Live requests at most two weeks apart: every month of the dashboard's chart has one, whatever the day.
    const live = batches.filter((b) => b.status === 'PAID' || b.status === 'REQUESTED');
    const gaps = live
      .map((b) => Date.parse(day(b.requestedAt)))
      .sort((a, b) => a - b)
      .map((at, i, all) => (i === 0 ? 0 : (at - all[i - 1]!) / 86_400_000));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(14);
    // Each request's credits are its own: issued before it, due two weeks after the file's day at least, in the
    // status the request leaves them in.
    const held = batches.flatMap((b) => b.credits.map((ref) => ({ batch: b, ref })));
    expect(new Set(held.map((h) => h.ref)).size).toBe(held.length);
    for (const { batch, ref } of held) {
      const credit = credits.find((c) => c.ref === ref)!;
      expect(credit.programProvider).toBe(batch.programProvider);
      expect(credit.issueDate < day(batch.requestedAt)).toBe(true);
      expect(credit.expireDate >= addDays(DEMO_FILE_DAY, MIN_DAYS_TO_DUE)).toBe(true);
      const expected = batch.status === 'PAID' || batch.status === 'REQUESTED' ? batch.status : 'AVAILABLE';
      expect(credit.status).toBe(expected);
    }
  });
});
