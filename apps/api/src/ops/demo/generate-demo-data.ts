import fs from 'node:fs/promises';
import path from 'node:path';
import { type ImportFileInput, importFileSchema } from '@portal/contract';
import { apiRoot } from '../../api-root';
import { generateHistory } from './demo-batches';
import { generateCredits } from './demo-credits';
import { funders } from './demo-funders';
import * as organization from './demo-organization';
import * as programs from './demo-programs';
import { seededRandom } from './demo-random';
import { DEMO_FILE_DAY } from './shift-demo-dates';

/*
 * Writes apps/api/demo/demo-data.json, the import file that `npm start` loads into an empty database.
 * Deterministic (fixed seed, fixed reference date): running it again yields the same bytes, so the committed
 * file only changes when this generator does. Run: node --import tsx apps/api/src/ops/demo/generate-demo-data.ts
 */

export const DEMO_FILE = path.join(apiRoot, 'demo/demo-data.json');
const SEED = 20261122;
/** The history has a generator of its own, so the credits above come out exactly as before it existed. */
const HISTORY_SEED = 20260901;

export function buildDemoData(): ImportFileInput {
  const random = seededRandom(SEED);
  const history = generateHistory(seededRandom(HISTORY_SEED), {
    fileDay: DEMO_FILE_DAY,
    daysToPay: (ref) => programs.programs.find((p) => p.ref === ref)?.daysToPay ?? 1,
    serviceProgram: 'vale-verde-servicos',
  });
  return {
    organizations: organization.organizations,
    buyers: organization.buyers,
    funders,
    companies: organization.companies,
    users: organization.users,
    programs: programs.programs,
    programProviders: programs.providerPlans.map(({ credits: _, ...entry }) => entry),
    credits: [
      ...generateCredits(random, programs.providerPlans, {
        referenceDate: organization.REFERENCE_DATE,
        serviceProgram: 'vale-verde-servicos',
      }),
      ...history.credits,
    ],
    notifications: programs.notifications,
    invites: programs.invites,
    batches: history.batches,
  };
}

/** One entry per line: readable, and a regenerated file diffs line by line. */
export function formatDocument(doc: ImportFileInput): string {
  const sections = Object.entries(doc).map(([kind, entries]) => {
    const lines = (entries as unknown[]).map((entry) => `    ${JSON.stringify(entry)}`);
    return `  ${JSON.stringify(kind)}: [\n${lines.join(',\n')}\n  ]`;
  });
  return `{\n${sections.join(',\n')}\n}\n`;
}

async function main() {
  const doc = buildDemoData();
  // The file must pass the very schema the importer uses; fail here rather than at someone's first start.
  const parsed = importFileSchema.safeParse(doc);
  if (!parsed.success)
    throw new Error(`generated demo data is invalid: ${JSON.stringify(parsed.error.issues[0])}`);
  await fs.writeFile(DEMO_FILE, formatDocument(doc));
  const counts = Object.entries(doc).map(([kind, entries]) => `${kind} ${(entries as unknown[]).length}`);
  process.stdout.write(`wrote ${path.relative(process.cwd(), DEMO_FILE)}: ${counts.join(', ')}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
}
