import fs from 'node:fs';
import { importFileSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_DATA_FILE } from '../seed-demo';
import { buildDemoData, formatDocument } from './generate-demo-data';

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
});
