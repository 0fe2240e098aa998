import type { z } from 'zod';
import { liveBatchStatuses } from './import-file-batches';
import type { ImportEntries } from './import-file-entries';

/*
 * Reference rules of the import document, run once its entries are individually valid. A `ref` is unique per
 * kind within an organization (importing again upserts by it, so a duplicate would silently merge two
 * objects). Program providers, credits and notifications name no organization: theirs is found through the
 * program they hang from. When that program is not in the file (it exists in the database) the entry is
 * grouped with the others whose organization is unknown here, and the importer resolves it. Past requests
 * (batches) are found the same way, through their program provider; the credits they name are the program
 * provider's own, and a credit is held by at most one live (REQUESTED or PAID) request of the file.
 */

type Path = (string | number)[];

const unknownOrganization = '\u0000unknown';

/** Organizations in the file holding a given ref of one kind. */
function organizationsByRef(
  entries: readonly { ref: string; organization: string }[],
): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const { ref, organization } of entries) {
    const set = map.get(ref) ?? new Set<string>();
    set.add(organization);
    map.set(ref, set);
  }
  return map;
}

export function checkImportRefs(file: ImportEntries, ctx: z.RefinementCtx): void {
  const report = (message: string, path: Path) => ctx.addIssue({ code: 'custom', message, path });

  /** Reports, at `field`, every entry whose key repeats an earlier entry's. */
  const duplicates = (kind: keyof ImportEntries, keys: readonly string[], field: string) => {
    const seen = new Set<string>();
    keys.forEach((key, index) => {
      if (seen.has(key)) report('validation.ref.duplicate', [kind, index, field]);
      seen.add(key);
    });
  };

  /**
   * The organization a ref points into. A ref present in several organizations of the file cannot be told
   * apart (these entries carry no organization), so it is reported where it is used.
   */
  const resolve = (orgs: Map<string, Set<string>>, ref: string, path: Path): string => {
    const found = [...(orgs.get(ref) ?? [])];
    if (found.length > 1) report('validation.ref.ambiguous', path);
    return found[0] ?? unknownOrganization;
  };

  const scoped = (organization: string, key: string) => `${organization}\u0000${key}`;

  duplicates(
    'organizations',
    file.organizations.map((o) => o.slug),
    'slug',
  );
  duplicates(
    'buyers',
    file.buyers.map((b) => scoped(b.organization, b.ref)),
    'ref',
  );
  duplicates(
    'companies',
    file.companies.map((c) => scoped(c.organization, c.ref)),
    'ref',
  );
  duplicates(
    'programs',
    file.programs.map((p) => scoped(p.organization, p.ref)),
    'ref',
  );
  duplicates(
    'funders',
    file.funders.map((f) => scoped(f.organization, f.ref)),
    'ref',
  );
  // A program admits a funder once; the refs resolve in the program's organization (the file's or stored funders).
  file.programs.forEach((program, i) => {
    const seen = new Set<string>();
    program.funders.forEach((ref, j) => {
      if (seen.has(ref)) report('validation.ref.duplicate', ['programs', i, 'funders', j]);
      seen.add(ref);
    });
  });
  // Logins are emails, lower-cased: two spellings of one address are one user.
  duplicates(
    'users',
    file.users.map((u) => scoped(u.organization, u.email.toLowerCase())),
    'email',
  );
  // Invites have no ref; a token given twice would make one of them unreachable.
  duplicates(
    'invites',
    file.invites.map((i, index) =>
      i.token === undefined ? `\u0000none${index}` : scoped(i.organization, i.token),
    ),
    'token',
  );

  const programOrgs = organizationsByRef(file.programs);
  const providers = file.programProviders.map((pp, index) => ({
    ref: pp.ref,
    organization: resolve(programOrgs, pp.program, ['programProviders', index, 'program']),
  }));
  duplicates(
    'programProviders',
    providers.map((p) => scoped(p.organization, p.ref)),
    'ref',
  );

  const providerOrgs = organizationsByRef(providers);
  const creditKeys = file.credits.map((c, index) =>
    scoped(resolve(providerOrgs, c.programProvider, ['credits', index, 'programProvider']), c.ref),
  );
  duplicates('credits', creditKeys, 'ref');
  const creditProviders = new Map(file.credits.map((c, index) => [creditKeys[index]!, c.programProvider]));

  const notificationKeys = file.notifications.map((n, index) =>
    scoped(resolve(programOrgs, n.program, ['notifications', index, 'program']), n.ref),
  );
  duplicates('notifications', notificationKeys, 'ref');

  const batchOrganizations = file.batches.map((b, index) =>
    resolve(providerOrgs, b.programProvider, ['batches', index, 'programProvider']),
  );
  duplicates(
    'batches',
    file.batches.map((b, index) => scoped(batchOrganizations[index]!, b.ref)),
    'ref',
  );
  // A credit of the file must be the batch's program provider's; one only in the database, the importer checks.
  const liveHolder = new Set<string>();
  file.batches.forEach((batch, index) => {
    const live = liveBatchStatuses.has(batch.status);
    batch.credits.forEach((ref, position) => {
      const key = scoped(batchOrganizations[index]!, ref);
      const provider = creditProviders.get(key);
      const path = ['batches', index, 'credits', position];
      if (provider !== undefined && provider !== batch.programProvider) {
        report('validation.batch.creditOfOtherProvider', path);
      }
      if (!live) return;
      if (liveHolder.has(key)) report('validation.batch.creditInLiveBatch', path);
      liveHolder.add(key);
    });
  });
}
