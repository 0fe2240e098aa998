import type { Browser, Locator, Page } from '@playwright/test';
import type { Token } from './http';
import { type Emulation, measureEmulation, phonePage } from './phone-emulation';
import { cumulativeLayoutShift, observer, readSeen, type Seen, tapDuration } from './phone-observer';
import { sleep } from './stats';

/*
 * What a supplier's phone feels (docs/performance.md#phone): cold loads on the emulated phone
 * (bench/perf/phone-emulation.ts), the pages taking turns so a busy minute of the machine falls on all alike.
 * Each load waits for the page's main content and its first control to show, then taps that control at once,
 * as a user does, and records from the page itself:
 * - LCP and its element: the largest paint before the tap (LCP stops at the first input, as in the field);
 * - CLS: layout shifts without recent input, largest session window (1 s gap, 5 s at most), until 1 s after
 *   what the tap opened is visible;
 * - the tap's Event Timing duration (INP's measure: the longest entry of its interaction, `event` entries of
 *   16 ms and more, the `first-input` entry below that);
 * - the time from the tap to what it opens being visible; nothing within 5 s is a lost tap.
 */

/** Lost: what the tap opens was not visible 5 s after it. */
const TAP_DEADLINE_MS = 5_000;
const LOAD_DEADLINE_MS = 60_000;

/** Playwright locators of one page (pt-BR: the build's default language). */
type Target = (page: Page) => Locator;

export type PhonePage = {
  /** The name Lighthouse's audit gives the same page (bench/lighthouse/audit.mjs). */
  name: string;
  path: string;
  signedIn: boolean;
  /** The main content, whose paint the tap waits for. */
  content: Target;
  /** The first control, and what tapping it opens. */
  tap?: { label: string; control: Target; opens: Target };
  /** Further taps after the first one opened, each timed to its content (the pages reached by a tap). */
  next?: NextTap[];
};

type NextTap = {
  /** The name Lighthouse's audit gives the page reached. */
  name: string;
  label: string;
  /** Taps before the timed one (a selection), each awaited by its `shows`. */
  before?: { control: Target; shows: Target }[];
  control: Target;
  opens: Target;
};

export type TapFigures = {
  /** The tap's Event Timing duration; null when the page recorded no entry of it (a navigation dropped it). */
  durationMs: number | null;
  /** From the tap to what it opens being visible; null when lost. */
  openedMs: number | null;
};

export type PhoneLoad = Emulation & {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  ttfbMs: number;
  cls: number;
  tap?: TapFigures;
  next: Record<string, TapFigures>;
  /** Why the load gave no figures (the content never showed, the page answered an error…). */
  error?: string;
};

export type PhoneResult = { page: PhonePage; loads: PhoneLoad[] };

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** The pages measured cold on the phone, in the order their loads take turns. */
export function phonePages(input: { programName: string; requestId: number }): PhonePage[] {
  return [
    {
      name: 'login',
      path: '/',
      signedIn: false,
      content: (page) => page.getByRole('heading', { name: 'Acesse sua conta' }),
      tap: {
        label: 'the e-mail field',
        control: (page) => page.getByRole('textbox', { name: 'E-mail' }),
        opens: (page) => page.getByRole('textbox', { name: 'E-mail' }).and(page.locator(':focus')),
      },
    },
    {
      name: 'dashboard',
      path: '/dashboard',
      signedIn: true,
      content: heading,
      tap: {
        label: 'the company switch',
        control: (page) => page.getByRole('banner').getByRole('button', { name: 'Trocar empresa' }),
        opens: (page) => page.getByRole('dialog', { name: 'Escolha a empresa' }),
      },
    },
    {
      name: 'program-selection',
      path: '/program-selection',
      signedIn: true,
      content: heading,
      tap: {
        label: `the program ${input.programName}`,
        control: (page) =>
          page
            .getByRole('main')
            .getByRole('link', { name: new RegExp(input.programName) })
            .first(),
        // The invoices list, with its invoices.
        opens: invoiceBoxes,
      },
      next: [
        {
          name: 'simulation',
          label: 'Simular selecionados, one invoice selected',
          before: [
            {
              control: (page) => invoiceBoxes(page),
              shows: (page) => selectionBar(page).getByText('1 título selecionado'),
            },
          ],
          control: (page) => selectionBar(page).getByRole('button', { name: 'Simular selecionados' }),
          opens: (page) => page.getByRole('heading', { name: '1 título na simulação' }),
        },
      ],
    },
    {
      name: 'request',
      path: `/anticipation/history/${input.requestId}`,
      signedIn: true,
      content: (page) => page.getByRole('heading', { level: 1, name: `Solicitação nº ${input.requestId}` }),
      tap: {
        label: 'Cancelar solicitação (its confirmation)',
        control: (page) => page.getByRole('button', { name: 'Cancelar solicitação' }),
        opens: (page) => page.getByRole('dialog', { name: `Cancelar a solicitação nº ${input.requestId}?` }),
      },
    },
  ];
}

const invoiceBoxes = (page: Page) => page.getByRole('checkbox', { name: /^Selecionar a nota / }).first();
const selectionBar = (page: Page) => page.getByRole('region', { name: 'Seleção para simulação' });

/** The yardstick: the drawn `/` without its scripts (bench/perf/phone-floor.ts), loaded the same way, no tap. */
export const floorPage: PhonePage = {
  name: 'floor',
  path: '/',
  signedIn: false,
  content: (page) => page.getByRole('heading', { name: 'Acesse sua conta' }),
};

/**
 * When `target` is visible, polled every 16 ms (Playwright's own waits poll every 500 ms after the first few
 * tries, too coarse for a 1 s budget): the time it was seen, or null past the deadline.
 */
async function visibleAt(target: Locator, deadline: number): Promise<number | null> {
  while (Date.now() < deadline) {
    // A navigation between two polls destroys the page's context: the next poll looks in the new one.
    if (await target.isVisible().catch(() => false)) return Date.now();
    await sleep(16);
  }
  return null;
}

/**
 * Until the content found in the DOM is on the screen: the frame after it painted, and an LCP entry reported
 * (at most 1 s more). A tap before that paint is presented makes Chromium drop the page's LCP altogether.
 */
async function untilPainted(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const deadline = Date.now() + 1_000;
  while (Date.now() < deadline && (await readSeen(page)).lcp === 0) await sleep(16);
}

/** Taps the middle of what `control` finds, where it is now, as a finger does (no waiting for it to settle). */
async function tapOn(page: Page, control: Locator): Promise<number> {
  let box = await control.boundingBox();
  const viewport = page.viewportSize()!;
  if (box && (box.y < 0 || box.y + box.height > viewport.height)) {
    await control.scrollIntoViewIfNeeded();
    box = await control.boundingBox();
  }
  if (!box) throw new Error('the control has no box');
  const at = Date.now();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  return at;
}

/** Milliseconds from `tappedAt` until `opens` is visible, or null (lost) when not within 5 s. */
async function openedAfter(opens: Locator, tappedAt: number): Promise<number | null> {
  const seenAt = await visibleAt(opens, tappedAt + TAP_DEADLINE_MS);
  // A look that began in time may end late (the page's main thread busy): later than 5 s is lost all the same.
  return seenAt === null || seenAt - tappedAt > TAP_DEADLINE_MS ? null : seenAt - tappedAt;
}

/** A tap after the first one (the taps it needs first, then the timed one); lost when any shows nothing. */
async function measureNextTap(page: Page, next: NextTap): Promise<TapFigures> {
  const lost = { durationMs: null, openedMs: null };
  try {
    for (const step of next.before ?? []) {
      const tappedAt = await tapOn(page, step.control(page));
      if ((await visibleAt(step.shows(page), tappedAt + TAP_DEADLINE_MS)) === null) return lost;
    }
    const before = await readSeen(page);
    const tappedAt = await tapOn(page, next.control(page));
    const openedMs = await openedAfter(next.opens(page), tappedAt);
    await page.waitForTimeout(500);
    const now = await readSeen(page);
    const durationMs = now.documentId === before.documentId ? tapDuration(now, before.taps.length) : null;
    return { durationMs, openedMs };
  } catch {
    // The control gone, or the page replaced under the bench: nothing the user could reach.
    return lost;
  }
}

async function measureLoad(
  browser: Browser,
  spec: PhonePage,
  input: { base: string; token: Token },
): Promise<PhoneLoad> {
  const emulation = await measureEmulation(browser);
  const { context, page } = await phonePage(browser, {
    base: input.base,
    ...(spec.signedIn && { token: input.token }),
    emulation,
    initScript: observer,
  });
  const empty = { ...emulation, lcpMs: 0, lcpElement: '', fcpMs: 0, ttfbMs: 0, cls: 0, next: {} };
  try {
    const answer = await page.goto(spec.path, { waitUntil: 'commit', timeout: LOAD_DEADLINE_MS });
    if (answer && answer.status() >= 400)
      return { ...empty, error: `${spec.path} answered ${answer.status()}` };
    const deadline = Date.now() + LOAD_DEADLINE_MS;
    const shown =
      (await visibleAt(spec.content(page), deadline)) !== null &&
      (!spec.tap || (await visibleAt(spec.tap.control(page), deadline)) !== null);
    if (!shown) {
      return {
        ...empty,
        error: `no content within ${LOAD_DEADLINE_MS / 1000} s (at ${new URL(page.url()).pathname})`,
      };
    }
    await untilPainted(page);
    let tap: TapFigures | undefined;
    let before: Seen;
    if (spec.tap) {
      // The record of this document is read as the tap goes, not before it: the tap waits for nothing.
      const [seen, tappedAt] = await Promise.all([readSeen(page), tapOn(page, spec.tap.control(page))]);
      before = seen;
      const openedMs = await openedAfter(spec.tap.opens(page), tappedAt);
      tap = { durationMs: null, openedMs };
    } else {
      await page.waitForLoadState('load');
      before = await readSeen(page);
    }
    // Event Timing entries arrive after the next paint; shifts until 1 s after what the tap opened.
    await page.waitForTimeout(1_000);
    const after = await readSeen(page);
    // A tap that loaded another document (a link followed by the browser) leaves the first one's record behind.
    const seen = after.documentId === before.documentId ? after : before;
    if (tap) tap.durationMs = after.documentId === before.documentId ? tapDuration(after, 0) : null;
    const load: PhoneLoad = {
      ...emulation,
      lcpMs: seen.lcp,
      lcpElement: seen.lcpElement,
      fcpMs: seen.fcp,
      ttfbMs: seen.ttfb,
      cls: cumulativeLayoutShift(seen.shifts),
      ...(tap && { tap }),
      next: {},
    };
    for (const next of spec.next ?? []) {
      if (tap?.openedMs === null) break;
      load.next[next.name] = await measureNextTap(page, next);
    }
    return load;
  } catch (error) {
    return { ...empty, error: (error as Error).message.split('\n')[0] };
  } finally {
    await context.close();
  }
}

/**
 * `runs` cold loads of each page (the floor's on its own server), taking turns; `say` gets each load's
 * figures, the benchmark index and the CPU rate applied.
 */
export async function measurePhone(
  browser: Browser,
  input: {
    base: string;
    floorBase?: string;
    token: Token;
    pages: PhonePage[];
    runs: number;
    say: (msg: string) => void;
  },
): Promise<PhoneResult[]> {
  const targets = [
    ...(input.floorBase ? [{ page: floorPage, base: input.floorBase }] : []),
    ...input.pages.map((page) => ({ page, base: input.base })),
  ];
  const results: PhoneResult[] = targets.map(({ page }) => ({ page, loads: [] }));
  for (let run = 0; run < input.runs; run += 1) {
    for (const [i, target] of targets.entries()) {
      const load = await measureLoad(browser, target.page, { base: target.base, token: input.token });
      results[i]!.loads.push(load);
      input.say(`  ${target.page.name} run ${run + 1}/${input.runs}: ${describeLoad(load)}`);
    }
  }
  return results;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export const describeTap = (tap: TapFigures) =>
  `${tap.durationMs === null ? '? ms' : `${tap.durationMs.toFixed(0)} ms`}, ` +
  `${tap.openedMs === null ? 'lost' : `opened in ${s(tap.openedMs)}`}`;

function describeLoad(load: PhoneLoad): string {
  const emulation = `benchmark index ${load.benchmarkIndex} → CPU ×${load.rate}${load.applied !== load.rate ? ` (×${load.applied} applied)` : ''}`;
  if (load.error) return `failed: ${load.error}; ${emulation}`;
  return [
    `LCP ${s(load.lcpMs)} (${load.lcpElement})`,
    `FCP ${s(load.fcpMs)}`,
    `TTFB ${load.ttfbMs.toFixed(0)} ms`,
    `CLS ${load.cls.toFixed(3)}`,
    ...(load.tap ? [`tap ${describeTap(load.tap)}`] : []),
    ...Object.entries(load.next).map(([name, tap]) => `${name}: tap ${describeTap(tap)}`),
    emulation,
  ].join(', ');
}
