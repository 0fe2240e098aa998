import type { ImportFile } from '@portal/contract';
import { organizations } from '../../db/schema';
import { type Counts, excluded, type ImportContext, tally, wasInserted } from './import-context';

/** Upserts organizations by slug, then loads every organization so later kinds can resolve their slugs. */
export async function importOrganizations(
  ctx: ImportContext,
  entries: ImportFile['organizations'],
): Promise<Counts> {
  const rows = entries.map((org) => ({
    slug: org.slug,
    name: org.name,
    timezone: org.timezone,
    locale: org.locale,
    supportPhone: org.supportPhone,
    calendarOpen: org.calendar.open,
    businessDaysOnly: org.calendar.businessDaysOnly,
    termsVersion: org.terms.version,
    termsSummaryHtml: org.terms.summaryHtml,
    termsFullUrl: org.terms.fullUrl,
    chatEnabled: org.chat.enabled,
    chatScriptUrl: org.chat.scriptUrl,
    chatSettings: org.chat.settings,
    requireTwoFactor: org.requireTwoFactor,
  }));
  const returned = rows.length
    ? await ctx.tx
        .insert(organizations)
        .values(rows)
        .onConflictDoUpdate({
          target: organizations.slug,
          set: excluded({
            name: organizations.name,
            timezone: organizations.timezone,
            locale: organizations.locale,
            supportPhone: organizations.supportPhone,
            calendarOpen: organizations.calendarOpen,
            businessDaysOnly: organizations.businessDaysOnly,
            termsVersion: organizations.termsVersion,
            termsSummaryHtml: organizations.termsSummaryHtml,
            termsFullUrl: organizations.termsFullUrl,
            chatEnabled: organizations.chatEnabled,
            chatScriptUrl: organizations.chatScriptUrl,
            chatSettings: organizations.chatSettings,
            requireTwoFactor: organizations.requireTwoFactor,
          }),
        })
        .returning({ inserted: wasInserted })
    : [];
  const all = await ctx.tx
    .select({
      id: organizations.id,
      slug: organizations.slug,
      name: organizations.name,
      termsVersion: organizations.termsVersion,
    })
    .from(organizations);
  for (const org of all) ctx.organizations.set(org.slug, org);
  return tally(returned);
}
