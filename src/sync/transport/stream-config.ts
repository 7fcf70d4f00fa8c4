/**
 * The one stream a person's journal lives in, and how to tell whether an existing stream
 * can be trusted with it. Exactly-once rests on these settings: one message per subject,
 * and a second copy refused rather than replacing the first (error 10077).
 */
import type { SyncSubjects } from './sync-subjects';

/** The settings the app depends on, in the server's own field names. */
export interface JournalStreamConfig {
  name: string;
  subjects: string[];
  max_msgs_per_subject: number;
  discard: 'new';
  discard_new_per_subject: boolean;
  allow_direct: boolean;
  storage: 'file';
  num_replicas: number;
}

export function journalStreamConfig(subjects: SyncSubjects, replicas: number): JournalStreamConfig {
  return {
    name: subjects.stream,
    subjects: [subjects.all],
    max_msgs_per_subject: 1,
    discard: 'new',
    discard_new_per_subject: true,
    allow_direct: true,
    storage: 'file',
    num_replicas: replicas,
  };
}

/** The parts of a stream's config the server reports that matter here (all optional: trust nothing). */
export interface ReportedStreamConfig {
  subjects?: string[] | undefined;
  max_msgs_per_subject?: number | undefined;
  discard?: string | undefined;
  discard_new_per_subject?: boolean | undefined;
  allow_direct?: boolean | undefined;
  storage?: string | undefined;
  sealed?: boolean | undefined;
}

/**
 * Each setting of `actual` that breaks the journal's guarantees, in words. Replicas are
 * not checked: fewer replicas is an operator's choice, not a correctness problem.
 */
export function streamConfigProblems(
  expected: JournalStreamConfig,
  actual: ReportedStreamConfig,
): string[] {
  const problems: string[] = [];
  const subjects = actual.subjects ?? [];
  if (!subjects.includes(expected.subjects[0]!)) {
    problems.push(
      `subjects is ${JSON.stringify(subjects)}, it must include "${expected.subjects[0]}"`,
    );
  }
  if (actual.max_msgs_per_subject !== 1) {
    problems.push(
      `max_msgs_per_subject is ${actual.max_msgs_per_subject ?? 'unset'}, it must be 1 ` +
        '(one message per operation makes a second copy impossible)',
    );
  }
  if (actual.discard !== 'new') {
    problems.push(
      `discard is "${actual.discard ?? 'unset'}", it must be "new" (a copy must be refused, not replace the first)`,
    );
  }
  if (actual.discard_new_per_subject !== true) {
    problems.push('discard_new_per_subject is off, it must be on (refuse a second copy forever)');
  }
  if (actual.allow_direct !== true) {
    problems.push('allow_direct is off, it must be on ("did it land?" uses direct get)');
  }
  if (actual.storage !== 'file') {
    problems.push(
      `storage is "${actual.storage ?? 'unset'}", it must be "file" (memory loses the journal on restart)`,
    );
  }
  if (actual.sealed === true) {
    problems.push('the stream is sealed, it must accept new messages');
  }
  return problems;
}
