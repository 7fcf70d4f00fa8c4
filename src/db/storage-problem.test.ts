import { describe, expect, it } from 'vitest';
import { describeStorageProblem } from './storage-problem';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('storage problems in words', () => {
  it.each([
    [named('QuotaExceededError'), 'quota', /out of storage/],
    [
      named('MissingAPIError', 'indexedDB API missing'),
      'unavailable',
      /not letting Countersign store data/,
    ],
    [named('VersionError'), 'blocked', /older version/],
    [
      named('DatabaseClosedError', 'version changed in another tab'),
      'upgraded-elsewhere',
      /newer Countersign/,
    ],
    [{ name: 'OpenFailedError', inner: { name: 'QuotaExceededError' } }, 'quota', /out of storage/],
    [named('SomethingElse', 'disk on fire'), 'unknown', /could not open/],
  ])('classifies %o', (error, kind, title) => {
    const problem = describeStorageProblem(error);
    expect(problem.kind).toBe(kind);
    expect(problem.title).toMatch(title);
    expect(problem.advice.length).toBeGreaterThan(20);
  });
});
