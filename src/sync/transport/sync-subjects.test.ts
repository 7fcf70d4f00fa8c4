// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { InvalidSubjectTokenError, kindOfSubject, syncSubjects } from './sync-subjects';

describe('sync subjects', () => {
  it('names one stream and one subject per operation and per decidable item', () => {
    const subjects = syncSubjects('alice');
    expect(subjects.stream).toBe('CS_ALICE');
    expect(subjects.all).toBe('cs.alice.>');
    expect(subjects.operation('3f9a-01')).toBe('cs.alice.ops.3f9a-01');
    expect(subjects.decision('set-1', 2)).toBe('cs.alice.decisions.set-1.2');
    expect(subjects.snapshotPart('s42-ab', 0)).toBe('cs.alice.snap.s42-ab.0');
    expect(subjects.snapshotManifest('s42-ab')).toBe('cs.alice.snapshots.s42-ab');
    expect(subjects.snapshotManifests).toBe('cs.alice.snapshots.*');
    expect(subjects.keyEnvelope('0123456789abcdef', 'dev-1')).toBe(
      'cs.alice.keys.0123456789abcdef.to.dev-1',
    );
    expect(subjects.olderKeys('0123456789abcdef')).toBe('cs.alice.keys.0123456789abcdef.older');
    expect(kindOfSubject('alice', subjects.olderKeys('0123456789abcdef'))).toBe('other');
    expect(subjects.progress('dev-7', 120)).toBe('cs.alice.progress.dev-7.120');
    expect(subjects.compactionWatermarks).toBe('cs.alice.compaction.*');
  });

  it.each(['a.b', 'x.>', '*', 'with space', ''])(
    'refuses the id %j, which could reach another subject',
    (id) => {
      expect(() => syncSubjects('alice').operation(id)).toThrow(InvalidSubjectTokenError);
    },
  );

  it('refuses user names that are not one lowercase token, and bad item indexes', () => {
    expect(() => syncSubjects('Alice')).toThrow(InvalidSubjectTokenError);
    expect(() => syncSubjects('al.ice')).toThrow(InvalidSubjectTokenError);
    expect(() => syncSubjects('alice').decision('set-1', -1)).toThrow(InvalidSubjectTokenError);
    expect(() => syncSubjects('alice').snapshotPart('s1-a', 1.5)).toThrow(InvalidSubjectTokenError);
    expect(() => syncSubjects('alice').snapshotManifest('s1.>')).toThrow(InvalidSubjectTokenError);
    expect(() => syncSubjects('alice').progress('d.*', 1)).toThrow(InvalidSubjectTokenError);
    expect(() => syncSubjects('alice').progress('d', -3)).toThrow(InvalidSubjectTokenError);
  });

  it('tells operations from decisions by subject', () => {
    expect(kindOfSubject('alice', 'cs.alice.ops.x')).toBe('operation');
    expect(kindOfSubject('alice', 'cs.alice.decisions.s.0')).toBe('decision');
    expect(kindOfSubject('alice', 'cs.alice.misc')).toBe('other');
  });
});
