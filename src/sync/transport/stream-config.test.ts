// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { journalStreamConfig, streamConfigProblems } from './stream-config';
import { syncSubjects } from './sync-subjects';

const expected = journalStreamConfig(syncSubjects('alice'), 3);

describe('the journal stream config', () => {
  it('asks for one message per subject, refused copies, direct get and a file store', () => {
    expect(expected).toEqual({
      name: 'CS_ALICE',
      subjects: ['cs.alice.>'],
      max_msgs_per_subject: 1,
      discard: 'new',
      discard_new_per_subject: true,
      allow_direct: true,
      storage: 'file',
      num_replicas: 3,
    });
    const withOneReplica = { ...expected, num_replicas: 1 };
    expect(streamConfigProblems(expected, withOneReplica)).toEqual([]);
  });

  it('names every setting of an existing stream that breaks exactly-once', () => {
    const problems = streamConfigProblems(expected, {
      subjects: ['cs.alice.ops.>'],
      max_msgs_per_subject: -1,
      discard: 'old',
      discard_new_per_subject: false,
      allow_direct: false,
      storage: 'memory',
      sealed: true,
    });
    expect(problems).toHaveLength(7);
    expect(problems.join('\n')).toMatch(/max_msgs_per_subject is -1, it must be 1/);
    expect(problems.join('\n')).toMatch(/discard_new_per_subject is off/);
  });
});
