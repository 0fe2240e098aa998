import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImportFileInput } from '@portal/contract';
import { zonedDateTime } from '@portal/contract';
import { apiRoot } from '../api-root';
import type { Database } from '../db/client';
import { organizations } from '../db/schema';
import type { Clock } from '../lib/clock';
import { formatCounts, importDocument } from '../modules/imports';
import { seedDemoOffers } from './demo/demo-funders';
import { seedDemoRule } from './demo/demo-rule';
import { shiftDemoDates } from './demo/shift-demo-dates';

export const DEMO_DATA_FILE = path.join(apiRoot, 'demo/demo-data.json');

/**
 * Loads the demo import file into an empty database (no organization yet); leaves any other alone. Its
 * dates are moved to the demo organization's today first (demo/shift-demo-dates.ts). The file is checked by
 * the importer's own schema, which refuses it whole if it is bad. It notifies nobody: every credit of an empty
 * database is new, and the demo users would otherwise open an inbox of "new invoices" notices (and e-mails).
 * The demo funders' offers are then posted as their clients would (demo/demo-funders.ts).
 */
export async function seedDemoIfEmpty(db: Database, clock: Clock): Promise<{ summary: string } | undefined> {
  const [any] = await db.select({ id: organizations.id }).from(organizations).limit(1);
  if (any) return undefined;
  const doc = JSON.parse(await fs.readFile(DEMO_DATA_FILE, 'utf8')) as ImportFileInput;
  const timezone = doc.organizations?.[0]?.timezone ?? 'America/Sao_Paulo';
  const today = zonedDateTime(clock.now(), timezone).date;
  const result = await importDocument(db, shiftDemoDates(doc, today), { clock, notify: false });
  await seedDemoOffers(db, clock.now());
  await seedDemoRule(db, clock.now());
  return { summary: `${formatCounts(result.counts)} in ${result.durationMs} ms` };
}
