import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { storageFor } from '../../lib/storage';
import { audit } from '../audit';
import * as repo from './releases.repo';

/**
 * §2257 retention (issue 26 item 4, docs/compliance.md "§2257 records", docs/privacy.md "Erasure").
 * 28 C.F.R. 75.4 asks the producer to keep the records for seven years, also after they stop
 * producing. An account's erasure therefore keeps its records: the releases it produced or is
 * named in, and the person's own record (name, other names, date of birth, identity check, ID
 * copies) copied into the records store, for `records2257RetentionYears` from the erasure. A daily
 * job purges them afterwards.
 */

export const RECORDS_RETENTION_JOB = 'records2257.retention';

/** Tables the erasure keeps as they are (its scrub of names skips them). */
export const RECORD_TABLES = ['releases', 'records_2257_people'] as const;

function yearsAfter(at: Date, years: number) {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/**
 * Inside the erasure's transaction, before the account's rows go: keeps the §2257 records of a
 * person who is on record (a verified creator, or a producer or named creator of a release).
 * Returns the storage keys the erasure must not delete (the ID copies now in the records store).
 */
export async function retainRecordsOnErasure(
  ctx: Pick<Ctx, 'now' | 'settings'>,
  tx: Executor,
  userId: string,
): Promise<string[]> {
  const person = await repo.personForRecord(tx, userId);
  if (!person) return [];
  const named = await repo.releasesOfPerson(tx, userId);
  if (person.verificationStatus !== 'verified' && named.length === 0) return [];
  const now = ctx.now();
  const retainUntil = yearsAfter(now, await ctx.settings.get('records2257RetentionYears'));
  await repo.retainReleasesOf(tx, userId, retainUntil);
  await repo.upsertPersonRecord(tx, {
    userId,
    legalName: person.name,
    aliases: person.username ?? '',
    dateOfBirth: person.dateOfBirth,
    verificationStatus: person.verificationStatus ?? '',
    verificationProvider: person.check?.provider ?? null,
    verifiedAt: person.check?.at ?? null,
    idDocuments: person.docs,
    accountCreatedAt: person.createdAt,
    erasedAt: now,
    retainUntil,
  });
  return person.docs.map((d) => d.key);
}

/** Deletes the records (rows and ID copies) whose retention has ended; audited when any went. */
export async function purgeExpiredRecords(ctx: Ctx) {
  const gone = await ctx.db.transaction(async (tx) => {
    const deleted = await repo.deleteExpiredRecords(tx, ctx.now());
    if (deleted.people.length || deleted.releases.length)
      await audit(ctx, tx, {
        actorId: null,
        action: 'records2257.purge',
        targetType: 'release',
        after: { people: deleted.people.map((p) => p.userId), releases: deleted.releases.map((r) => r.id) },
      });
    return deleted;
  });
  const keys = [
    ...gone.people.flatMap((p) => p.idDocuments.map((d) => d.key)),
    ...gone.releases.flatMap((r) => r.idDocumentKeys),
  ];
  const storage = storageFor(ctx.config);
  for (const key of keys)
    await storage.delete(key).catch((err) => ctx.log.error({ err, key }, '2257 purge: a file could not be deleted'));
  return { people: gone.people.length, releases: gone.releases.length, files: keys.length };
}

export function registerRecordsJobs(ctx: Ctx) {
  ctx.jobs.work(RECORDS_RETENTION_JOB, async () => {
    const n = await purgeExpiredRecords(ctx);
    if (n.people || n.releases) ctx.log.info(n, '§2257 records past their retention purged');
  });
  ctx.jobs.schedule(RECORDS_RETENTION_JOB, '53 3 * * *');
}
