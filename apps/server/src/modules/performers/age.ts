import { AGE_OF_MAJORITY } from '@marquee/shared';
import { badRequest } from '../../lib/errors';
import { en } from '../../lib/i18n/en';

/** Years between a YYYY-MM-DD date of birth and `at`. */
export function ageOn(dateOfBirth: string, at: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d)) age -= 1;
  return age;
}

/** Whether a stored date of birth makes its creator of age on `at` (no date: not of age). */
export function isOfAge(dateOfBirth: string | null | undefined, at: Date): boolean {
  return Boolean(dateOfBirth && ageOn(dateOfBirth, at) >= AGE_OF_MAJORITY);
}

/** The latest date of birth that is of age on `at`, as YYYY-MM-DD (for SQL: date_of_birth <= cutoff). */
export function latestAdultBirthDate(at: Date): string {
  const cutoff = new Date(Date.UTC(at.getUTCFullYear() - AGE_OF_MAJORITY, at.getUTCMonth(), at.getUTCDate()));
  // 29 February of a leap year, AGE_OF_MAJORITY years back in a common year, rolls to 1 March: take the 28th.
  if (cutoff.getUTCMonth() !== at.getUTCMonth()) cutoff.setUTCDate(0);
  return cutoff.toISOString().slice(0, 10);
}

/**
 * A creator's date of birth as given (registration, profile): a real YYYY-MM-DD date of someone
 * of age. 400 naming body.dateOfBirth otherwise; `required` makes a missing one a 400 too.
 */
export function assertAdult(dateOfBirth: string | null | undefined, at: Date, opts: { required?: boolean } = {}) {
  if (!dateOfBirth) {
    if (!opts.required) return;
    throw badRequest('dateOfBirth is required for creators', 'DATE_OF_BIRTH_REQUIRED', [
      { field: 'body.dateOfBirth', message: 'is required' },
    ]);
  }
  const date = new Date(`${dateOfBirth}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== dateOfBirth) {
    throw badRequest('dateOfBirth is not a valid date', 'INVALID_DATE', [
      { field: 'body.dateOfBirth', message: 'is not a valid date' },
    ]);
  }
  if (ageOn(dateOfBirth, at) < AGE_OF_MAJORITY) {
    throw badRequest(en['error.underageCreator'].replace('{{min}}', String(AGE_OF_MAJORITY)), 'UNDERAGE', [
      { field: 'body.dateOfBirth', message: `must be ${AGE_OF_MAJORITY} or older` },
    ]);
  }
}
