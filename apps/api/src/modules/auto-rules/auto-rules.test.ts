import {
  type BodyOf,
  createAutoRuleCall,
  deleteAutoRuleCall,
  errorBody,
  listAutoRuleRunsCall,
  listAutoRulesCall,
  previewAutoRuleCall,
  previewNewAutoRuleCall,
  updateAutoRuleCall,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { batchesOf, liveCreditIds } from '../../../test/batches-factories';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier, type Supplier } from '../../../test/estimates-factories';
import { offeringFunder } from '../../../test/funders-factories';
import { autoRuleRuns, batchEvents, companies, inboxItems, programs, users } from '../../db/schema';
import { formatReais } from '../../lib/format';
import { repriceStaleProviders } from '../credits/pricing-schedule';
import { type InboxParams, inboxTexts } from '../inbox/inbox-texts';
import { sweepAutoRules } from './sweep';

const t = await buildTestApp();
const log = { info: () => {}, error: () => {} };
// Tue 10 March 2026 (a bank business day), as TEST_NOW; the window is 08:00 to 18:00.
const at = (time: string, date = '2026-03-10') => new Date(`${date}T${time}:00-03:00`);

async function supplier() {
  t.clock.set(at('10:00'));
  if (!suppliersInTest) ruleScope = [];
  suppliersInTest = true;
  return createSupplier(t.app, t.db);
}

/** Credits of R$ 1.000,00 due on the given dates (payment date Wed 11 March). */
async function creditsDue(s: Supplier, dates: string[], valueCents = 100_000n) {
  const rows = await createCredits(
    t.db,
    s.pp,
    dates.map((expireDate) => ({ originalValueCents: valueCents, expireDate })),
  );
  return rows.map((row) => row.id);
}

async function createRule(s: Supplier, settings: Partial<BodyOf<typeof createAutoRuleCall>> = {}) {
  const res = await injectCall(t.app, createAutoRuleCall, {
    headers: s.headers,
    body: { programProviderId: s.pp.id, time: '10:30', ...settings },
  });
  expect(res.statusCode, res.body).toBe(200);
  const rule = res.json() as { id: number };
  ruleScope.push(rule);
  return rule;
}

/**
 * A sweep as the job queue runs it, at `time`, answering what it did to this test's rules only: the file's
 * tests share one database, and a sweep works on every rule in it.
 */
async function sweep(time: string, date?: string, rules?: { id: number }[]) {
  const outcomes = await sweepAutoRules(t.db, at(time, date), log);
  const mine = new Set((rules ?? ruleScope).map((rule) => rule.id));
  return outcomes.filter((o) => mine.has(o.ruleId));
}
let ruleScope: { id: number }[] = [];
let suppliersInTest = false;
beforeEach(() => {
  suppliersInTest = false;
});

const runsOf = (ruleId: number) => t.db.select().from(autoRuleRuns).where(eq(autoRuleRuns.ruleId, ruleId));

const inboxOf = (s: Supplier, type: string) =>
  t.db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, s.user.id), eq(inboxItems.type, type as 'AUTO_RULE_RAN')));

describe('automatic rules: the calls', () => {
  it('creates, lists, pauses and deletes a rule; a deleted rule is gone', async () => {
    const s = await supplier();
    const draft = {
      programProviderId: s.pp.id,
      time: '10:30',
      maxMonthlyCost: 2.5,
      minDays: 10,
      maxDays: 90,
      minCreditValue: 500,
      maxTotalPerDay: 50_000.5,
    };
    const created = await injectCall(t.app, createAutoRuleCall, { headers: s.headers, body: draft });
    expect(created.statusCode).toBe(200);
    const rule = created.json();
    // Every field as sent, and active from the start.
    expect(rule).toMatchObject({ ...draft, active: true });
    const paused = await injectCall(t.app, updateAutoRuleCall, {
      params: { id: rule.id },
      headers: s.headers,
      body: { time: '10:30', active: false },
    });
    expect(paused.json()).toMatchObject({ active: false, maxMonthlyCost: null, minDays: null });
    const list = await injectCall(t.app, listAutoRulesCall, {
      query: { programProviderId: s.pp.id },
      headers: s.headers,
    });
    expect(list.json().map((r: { id: number }) => r.id)).toEqual([rule.id]);
    expect(
      (await injectCall(t.app, deleteAutoRuleCall, { params: { id: rule.id }, headers: s.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await injectCall(t.app, listAutoRulesCall, {
          query: { programProviderId: s.pp.id },
          headers: s.headers,
        })
      ).json(),
    ).toEqual([]);
    const runs = await injectCall(t.app, listAutoRuleRunsCall, {
      params: { id: rule.id },
      headers: s.headers,
    });
    expect(runs.statusCode).toBe(404);
    expect(runs.json()).toEqual(errorBody('error.autoRule.notFound'));
  });

  it('refuses a time outside the window, days out of order and an eleventh rule, with exact bodies', async () => {
    const s = await supplier();
    const early = await injectCall(t.app, createAutoRuleCall, {
      headers: s.headers,
      body: { programProviderId: s.pp.id, time: '07:59' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual(
      errorBody('error.autoRule.timeOutsideWindow', [
        { field: 'time', message: 'error.autoRule.timeOutsideWindow' },
      ]),
    );
    const late = await injectCall(t.app, createAutoRuleCall, {
      headers: s.headers,
      body: { programProviderId: s.pp.id, time: '18:01' },
    });
    expect(late.json().code).toBe('error.autoRule.timeOutsideWindow');
    const days = await injectCall(t.app, createAutoRuleCall, {
      headers: s.headers,
      body: {
        programProviderId: s.pp.id,
        time: '09:00',
        minDays: 30,
        maxDays: 10,
      },
    });
    expect(days.statusCode).toBe(400);
    expect(days.json()).toEqual(
      errorBody('error.validation', [{ field: 'maxDays', message: 'validation.days.order' }]),
    );
    for (let i = 0; i < 10; i += 1) await createRule(s, { time: `09:0${i}` });
    const eleventh = await injectCall(t.app, createAutoRuleCall, {
      headers: s.headers,
      body: { programProviderId: s.pp.id, time: '11:00' },
    });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toEqual(errorBody('error.autoRule.tooMany'));
  });

  it('previews what a draft or a saved rule would take now, cheapest first up to the daily cap', async () => {
    const s = await supplier();
    // Due in 20, 50 and 80 days from the payment date (Wed 11 March): the longer, the cheaper a month.
    const [short, middle, long] = await creditsDue(s, ['2026-03-31', '2026-04-30', '2026-05-30']);
    const draft = await injectCall(t.app, previewNewAutoRuleCall, {
      headers: s.headers,
      body: {
        programProviderId: s.pp.id,
        time: '10:30',
        maxTotalPerDay: 2_000,
      },
    });
    expect(draft.statusCode).toBe(200);
    const estimate = draft.json().estimate;
    // 1.5 % a month, simple: all three cost the same per month, so the cap takes the soonest due two.
    expect(estimate.creditEstimates.map((c: { id: number }) => c.id)).toEqual([short, middle]);
    expect(estimate.total).toBe(1_965);
    const rule = await createRule(s, { minDays: 60 });
    const saved = await injectCall(t.app, previewAutoRuleCall, {
      params: { id: rule.id },
      headers: s.headers,
      body: {},
    });
    expect(saved.json().estimate.creditEstimates.map((c: { id: number }) => c.id)).toEqual([long]);
    const none = await injectCall(t.app, previewNewAutoRuleCall, {
      headers: s.headers,
      body: {
        programProviderId: s.pp.id,
        time: '10:30',
        minCreditValue: 5_000,
      },
    });
    expect(none.json()).toEqual({ estimate: null });
  });

  it('previews the same from the prices the pricing pass stored as from prices computed on the spot', async () => {
    const s = await supplier();
    await t.db.update(programs).set({ platformFee: '0.01' }).where(eq(programs.id, s.program.id));
    // Due dates on a Saturday (paid on Monday) among them: the stored path reads due dates as day numbers.
    await creditsDue(s, ['2026-03-31', '2026-04-30', '2026-05-30', '2026-06-29']);
    const ask = { programProviderId: s.pp.id, time: '10:30', maxMonthlyCost: 2.2, minDays: 50, maxDays: 82 };
    const computed = (
      await injectCall(t.app, previewNewAutoRuleCall, { headers: s.headers, body: ask })
    ).json();
    expect(computed.estimate.creditEstimates).toHaveLength(2);
    const pass = await repriceStaleProviders(t.db, {
      now: t.clock.now(),
      background: t.app.deps.background,
      log,
    });
    expect(pass.credits).toBeGreaterThanOrEqual(4);
    expect(
      (await injectCall(t.app, previewNewAutoRuleCall, { headers: s.headers, body: ask })).json(),
    ).toEqual(computed);
  });
});

describe('automatic rules: the runs', () => {
  it('runs at its time, once, as an ordinary request marked automatic, and tells the company', async () => {
    const s = await supplier();
    const ids = await creditsDue(s, ['2026-04-30', '2026-05-30']);
    const rule = await createRule(s);
    expect(await sweep('10:29')).toEqual([]);
    const [first] = await sweep('10:30');
    expect(first!.outcome.status).toBe('TAKEN');
    expect(await sweep('10:31')).toEqual([]);
    expect(await sweep('17:59')).toEqual([]);
    const batches = await batchesOf(t.db, s.pp.id);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ automatic: true, status: 'REQUESTED', userId: s.user.id });
    expect(await liveCreditIds(t.db, batches[0]!.id)).toEqual(ids);
    const events = await t.db.select().from(batchEvents).where(eq(batchEvents.batchId, batches[0]!.id));
    expect(events.map((e) => [e.status, e.byUserId])).toEqual([['REQUESTED', null]]);
    const runs = await injectCall(t.app, listAutoRuleRunsCall, {
      params: { id: rule.id },
      headers: s.headers,
    });
    expect(runs.json()).toEqual([
      {
        date: '2026-03-10',
        status: 'TAKEN',
        batchId: batches[0]!.id,
        reason: null,
        at: at('10:30').toISOString(),
      },
    ]);
    const [notice] = await inboxOf(s, 'AUTO_RULE_RAN');
    expect(notice).toMatchObject({ batchId: batches[0]!.id });
    expect(await inboxOf(s, 'BATCH_REQUESTED')).toEqual([]);
    expect(await t.deliverMails()).toBeGreaterThanOrEqual(1);
    const mail = t.mailer.sent.find((m) => m.to === s.user.login);
    expect(mail?.subject).toContain(`nº ${batches[0]!.id}`);
    // The next business day it runs again, with whatever is left (nothing).
    const [next] = await sweep('10:30', '2026-03-11');
    expect(next!.outcome).toEqual({
      status: 'NOTHING',
      batchId: null,
      reason: 'error.autoRule.nothingToTake',
    });
  });

  it('names who pays in its notice and mail: the funder whose offer it took, or the buyer for the house', async () => {
    const funded = await supplier();
    await offeringFunder(t, funded, 'banco-sul', 'Banco Sul Fomento S.A.');
    const house = await supplier();
    for (const s of [funded, house]) {
      await creditsDue(s, ['2026-04-30']);
      await createRule(s);
    }
    expect((await sweep('10:30')).map((run) => run.outcome.status)).toEqual(['TAKEN', 'TAKEN']);
    await t.deliverMails();
    for (const [s, payer] of [
      [funded, 'Banco Sul Fomento S.A.'],
      [house, house.buyer.name],
    ] as const) {
      const [notice] = await inboxOf(s, 'AUTO_RULE_RAN');
      const net = (notice!.params as { value: number }).value;
      const message = `A regra das 10:30 pediu a antecipação de 1 título(s), ${formatReais('pt-BR', net)} líquidos, no programa ${s.program.name}, financiados por ${payer}; pagamento previsto para 11/03/2026.`;
      expect(inboxTexts('pt-BR', 'AUTO_RULE_RAN', notice!.params as InboxParams).message).toBe(message);
      expect(t.mailer.sent.find((m) => m.to === s.user.login)?.text).toContain(message);
    }
  });

  it('does not run on a day the bank is closed, nor before the time it was saved at', async () => {
    const s = await supplier();
    await creditsDue(s, ['2026-04-30']);
    t.clock.set(at('10:45'));
    const rule = await createRule(s);
    // Saved at 10:45 for 10:30: today is not its day. Met first on Saturday 14 March, which is not one either,
    // its days are Wednesday to Friday (missed: nothing swept them).
    expect(await sweep('11:00')).toEqual([]);
    expect((await sweep('10:30', '2026-03-14')).map((o) => o.date)).toEqual([
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
    expect((await runsOf(rule.id)).map((run) => run.date).sort()).toEqual([
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
  });

  it('two sweeps at once (two processes): one run, one request', async () => {
    const s = await supplier();
    await creditsDue(s, ['2026-04-30', '2026-05-30', '2026-06-30']);
    const rule = await createRule(s);
    const outcomes = (await Promise.all([sweep('10:30'), sweep('10:30'), sweep('10:31')])).flat();
    // One of them takes the day; the others find it taken, either before they start (nothing due) or while
    // they wait on its row (ALREADY), as the three happen to interleave.
    const statuses = outcomes.map((o) => o.outcome.status);
    expect(statuses.filter((status) => status === 'TAKEN')).toEqual(['TAKEN']);
    expect(statuses.filter((status) => status !== 'TAKEN' && status !== 'ALREADY')).toEqual([]);
    expect(await batchesOf(t.db, s.pp.id)).toHaveLength(1);
    expect(await runsOf(rule.id)).toHaveLength(1);
  });

  it('keeps every filter: monthly cost, days, value, and the daily cap with the cheapest credits first', async () => {
    const s = await supplier();
    t.clock.set(at('10:00'));
    await t.db.update(programs).set({ platformFee: '0.01' }).where(eq(programs.id, s.program.id));
    // With a 1 % fee per credit the short ones cost more a month: 20 days ≈ 3.0 %, 50 ≈ 2.1 %, 82 ≈ 1.9 %
    // (30 May is a Saturday: the buyer pays on Monday 1 June), 110 ≈ 1.8 %.
    const [d20, d50, d80] = await creditsDue(s, ['2026-03-31', '2026-04-30', '2026-05-30']);
    const [small] = await creditsDue(s, ['2026-05-30'], 10_000n);
    const [d110] = await creditsDue(s, ['2026-06-29']);
    const preview = async (settings: object): Promise<number[]> => {
      const res = await injectCall(t.app, previewNewAutoRuleCall, {
        headers: s.headers,
        body: {
          programProviderId: s.pp.id,
          time: '10:30',
          ...settings,
        },
      });
      return (res.json().estimate?.creditEstimates ?? []).map((c: { id: number }) => c.id);
    };
    const underCeiling = await preview({ maxMonthlyCost: 2.2 });
    expect(underCeiling).toEqual(expect.arrayContaining([d50, d80, small, d110]));
    expect(underCeiling).not.toContain(d20);
    expect(await preview({ minDays: 50, maxDays: 82 })).toEqual(expect.arrayContaining([d50, d80, small]));
    expect(await preview({ minDays: 50, maxDays: 82 })).toHaveLength(3);
    expect(await preview({ minDays: 51, maxDays: 81 })).toEqual([]);
    expect(await preview({ minCreditValue: 1_000 })).toHaveLength(4);
    expect(await preview({ minCreditValue: 1_000 })).not.toContain(small);
    // Cap R$ 2.000: the two cheapest a month (110 and 82 days, about R$ 1.880 net) fit, the 50-day one would
    // pass the cap and is skipped, and the small one (R$ 100 at 82 days) fills the rest.
    const capped = await preview({ maxTotalPerDay: 2_000 });
    const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(ascending(capped)).toEqual(ascending([d80!, small!, d110!]));
    const rule = await createRule(s, { maxTotalPerDay: 2_000 });
    await sweep('10:30');
    const [batch] = await batchesOf(t.db, s.pp.id);
    expect(await liveCreditIds(t.db, batch!.id)).toEqual(ascending(capped));
    expect(Number(batch!.netValueCents)).toBeLessThanOrEqual(200_000);
    expect((await runsOf(rule.id))[0]!.status).toBe('TAKEN');
  });

  it('a closed window, no bank account and nothing to take are each a run, recorded and told', async () => {
    const closed = await supplier();
    await creditsDue(closed, ['2026-04-30']);
    const closedRule = await createRule(closed);
    // The program now closes at 10:15, before the rule's time.
    await t.db
      .update(programs)
      .set({ anticipationMaxTime: '10:15' })
      .where(eq(programs.id, closed.program.id));

    const noBank = await supplier();
    await creditsDue(noBank, ['2026-04-30']);
    const noBankRule = await createRule(noBank);
    await t.db.update(companies).set({ bankAccount: null }).where(eq(companies.id, noBank.company.id));

    const empty = await supplier();
    const emptyRule = await createRule(empty);

    // The person who saved it left the company.
    const gone = await supplier();
    await creditsDue(gone, ['2026-04-30']);
    const goneRule = await createRule(gone);
    await t.db.update(users).set({ activated: false }).where(eq(users.id, gone.user.id));

    await sweep('10:30');
    for (const [s, rule, status, reason] of [
      [closed, closedRule, 'FAILED', 'error.operation.closed'],
      [noBank, noBankRule, 'FAILED', 'error.bankAccount.empty'],
      [empty, emptyRule, 'NOTHING', 'error.autoRule.nothingToTake'],
      [gone, goneRule, 'FAILED', 'error.request.wrongProvider'],
    ] as const) {
      expect((await runsOf(rule.id)).map((r) => [r.status, r.reason, r.batchId])).toEqual([
        [status, reason, null],
      ]);
      const [notice] = await inboxOf(s, 'AUTO_RULE_FAILED');
      // The company's active users are told: the deactivated saver was its only one.
      if (s === gone) expect(notice).toBeUndefined();
      else expect(notice?.params).toMatchObject({ reason, ruleName: '10:30' });
      expect(await batchesOf(t.db, s.pp.id)).toEqual([]);
    }
    await t.deliverMails();
    const mail = t.mailer.sent.find((m) => m.to === noBank.user.login);
    expect(mail?.text ?? mail?.html).toContain('não tem conta bancária');
  });

  it('a day missed while the server was down: run on return while the window is open', async () => {
    const s = await supplier();
    await creditsDue(s, ['2026-04-30']);
    const rule = await createRule(s);
    // No sweep at 10:30 (the server was down): the first one, at noon, makes the day's request then.
    const [noon] = await sweep('12:00');
    expect(noon!.outcome.status).toBe('TAKEN');
    expect((await runsOf(rule.id))[0]!.at).toEqual(at('12:00'));
  });

  it('…else, once the window has closed, the day is MISSED and told, up to a week back', async () => {
    const s = await supplier();
    await creditsDue(s, ['2026-04-30']);
    const rule = await createRule(s);
    // Down from Tuesday 10:00 to Thursday 18:30: Tuesday and Wednesday missed, Thursday's window closed too.
    const outcomes = await sweep('18:30', '2026-03-12');
    expect(outcomes.map((o) => [o.date, o.outcome.status])).toEqual([
      ['2026-03-10', 'MISSED'],
      ['2026-03-11', 'MISSED'],
      ['2026-03-12', 'MISSED'],
    ]);
    expect(await batchesOf(t.db, s.pp.id)).toEqual([]);
    const notices = await inboxOf(s, 'AUTO_RULE_FAILED');
    expect(notices.map((n) => n.params.reason)).toEqual(Array(3).fill('error.autoRule.missed'));
    // Friday at its time it runs as usual.
    const [friday] = await sweep('10:30', '2026-03-13');
    expect(friday!.outcome.status).toBe('TAKEN');
    expect(await runsOf(rule.id)).toHaveLength(4);
  });
});
