import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { declaredLocations, type JurisdictionRuleRow, jurisdictionRules } from '../../db/schema';

export type RuleInput = Pick<
  JurisdictionRuleRow,
  'country' | 'region' | 'action' | 'effectiveFrom' | 'law' | 'source' | 'uncertain'
>;

export function listRules(db: Executor) {
  return db.select().from(jurisdictionRules).orderBy(asc(jurisdictionRules.country), asc(jurisdictionRules.region));
}

/** One rule per place: a second save of a place replaces its rule. */
export async function upsertRule(db: Executor, input: RuleInput, at: Date) {
  const [row] = await db
    .insert(jurisdictionRules)
    .values({ id: newId(), ...input, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [jurisdictionRules.country, jurisdictionRules.region],
      set: { ...input, updatedAt: at },
    })
    .returning();
  return row;
}

/** Inserts the rules whose place has none yet; returns how many were added. */
export async function insertMissingRules(db: Executor, inputs: RuleInput[], at: Date) {
  if (inputs.length === 0) return 0;
  const rows = await db
    .insert(jurisdictionRules)
    .values(inputs.map((r) => ({ id: newId(), ...r, createdAt: at, updatedAt: at })))
    .onConflictDoNothing()
    .returning({ id: jurisdictionRules.id });
  return rows.length;
}

export async function deleteRule(db: Executor, id: string) {
  const rows = await db.delete(jurisdictionRules).where(eq(jurisdictionRules.id, id)).returning();
  return rows[0] ?? null;
}

export function findDeclaredLocation(db: Executor, userId: string) {
  return db
    .select({ country: declaredLocations.country, region: declaredLocations.region })
    .from(declaredLocations)
    .where(eq(declaredLocations.userId, userId))
    .then((r) => r[0] ?? null);
}

export function saveDeclaredLocation(db: Executor, userId: string, country: string, region: string, at: Date) {
  return db
    .insert(declaredLocations)
    .values({ userId, country, region, updatedAt: at })
    .onConflictDoUpdate({ target: declaredLocations.userId, set: { country, region, updatedAt: at } });
}
