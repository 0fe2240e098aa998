import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';
import { organizations } from '../db/schema';
import type { Clock } from '../lib/clock';
import { formatCounts, importDocument } from './import';

export const DEMO_DATA_FILE = path.resolve(import.meta.dirname, '../../demo/demo-data.json');

/** Loads the demo import file into an empty database (no organization yet); leaves any other alone. */
export async function seedDemoIfEmpty(db: Database, clock: Clock): Promise<{ summary: string } | undefined> {
  const [any] = await db.select({ id: organizations.id }).from(organizations).limit(1);
  if (any) return undefined;
  const doc: unknown = JSON.parse(await fs.readFile(DEMO_DATA_FILE, 'utf8'));
  const result = await importDocument(db, doc, { clock });
  return { summary: `${formatCounts(result.counts)} in ${result.durationMs} ms` };
}
