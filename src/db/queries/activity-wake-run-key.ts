import type { AuditMessage } from '../../domain/audit';

const WAKE_RUN_KEY = /^wake:[^:]+$/;

/** The wake a message belongs to (`wake:<id>`), or undefined when a wake did not write it. */
export function wakeRunKey(message: Pick<AuditMessage, 'runKey'>): string | undefined {
  return message.runKey !== undefined && WAKE_RUN_KEY.test(message.runKey)
    ? message.runKey
    : undefined;
}
