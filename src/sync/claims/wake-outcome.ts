/**
 * How a wake ended, synced (decisions/0014): after releasing its claim, the device that
 * woke publishes a small note on the stream, `cs.<user>.outcome.<uuid>` (sealed when the
 * journal is encrypted), and every other device's Activity shows it in words: "The agent
 * on home-server proposed 3 changes to ‹task›", "… did not finish ‹task›: ‹the app's
 * words for the error›". It is not a journal row: the feed passes it by as `other`, and
 * each device writes the line into its own audit trail once, keyed by the note's subject.
 * What arrives is untrusted: a note that does not open or parse is refused in words.
 */
import { z } from 'zod';
import type { CountersignDatabase } from '../../db/database';
import { readDeviceName } from '../../db/queries/device-name';
import { addAuditMessages } from '../../dispatcher/audit-writer';
import type { AuditMessage } from '../../domain/audit';
import type { KeyRing } from '../seal/key-ring';
import type { SyncTransport } from '../transport/sync-transport';
import { syncSubjects } from '../transport/sync-subjects';
import { readSealedNote, sealNote } from './sealed-note';

const wakeOutcomeSchema = z
  .object({
    v: z.literal(1),
    deviceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    taskId: z.string().min(1).max(128),
    status: z.enum(['done', 'failed', 'cancelled', 'busy', 'missing', 'denied']),
    proposed: z.number().int().nonnegative().max(10_000),
    turns: z.number().int().nonnegative().max(1_000),
    message: z.string().max(600).optional(),
  })
  .strict();
export type WakeOutcomeNote = z.infer<typeof wakeOutcomeSchema>;

export function outcomePublisher(options: {
  server: { publishNew(subject: string, data: Uint8Array): Promise<unknown> };
  user: string;
  deviceId: () => string;
  ring: () => Promise<KeyRing>;
}) {
  const subjects = syncSubjects(options.user);
  return async (note: Omit<WakeOutcomeNote, 'v' | 'deviceId'>): Promise<void> => {
    const subject = subjects.wakeOutcome(crypto.randomUUID());
    const body: WakeOutcomeNote = { v: 1, deviceId: options.deviceId(), ...note };
    await options.server.publishNew(subject, await sealNote(subject, await options.ring(), body));
  };
}

/** The line every other device's Activity shows. */
function outcomeWords(note: WakeOutcomeNote, deviceName: string | undefined, task: string) {
  const agent = `The agent on ${deviceName ?? 'another device'}`;
  const changes = `${note.proposed} ${note.proposed === 1 ? 'change' : 'changes'}`;
  switch (note.status) {
    case 'done':
      return note.proposed > 0
        ? `${agent} proposed ${changes} to ${task}.`
        : `${agent} looked at ${task} and proposed nothing.`;
    case 'cancelled':
      return `${agent} stopped working on ${task}${note.proposed > 0 ? ` after proposing ${changes}` : ''}.`;
    default:
      return `${agent} did not finish ${task}: ${note.message ?? 'the wake failed'}`;
  }
}

/**
 * Watches the feed for other devices' outcome notes and writes each into the audit trail
 * (never in the feed's way: a note that fails is a console line, the feed goes on).
 */
export function watchOutcomes(options: {
  db: CountersignDatabase;
  user: string;
  deviceId: () => string;
  ring: () => Promise<KeyRing>;
}): (consume: SyncTransport['consume']) => SyncTransport['consume'] {
  const prefix = `cs.${options.user}.outcome.`;
  const record = async (subject: string, data: Uint8Array, time: string | undefined) => {
    const read = await readSealedNote(
      subject,
      await options.ring(),
      data,
      wakeOutcomeSchema,
      'A wake’s outcome from another device',
    );
    if (!read.ok) return console.warn(`Countersign: ${read.words}`);
    const note = read.note;
    if (note.deviceId === options.deviceId()) return;
    const [name, task] = await Promise.all([
      readDeviceName(options.db, note.deviceId),
      options.db.tasks.get(note.taskId),
    ]);
    const row: AuditMessage = {
      id: `outcome-${subject.slice(prefix.length)}`,
      kind: 'observation',
      source: 'sync',
      ...(task ? { taskId: task.id } : {}),
      summary: outcomeWords(note, name, task ? `“${task.title}”` : 'a task'),
      outcome: note.status === 'done' || note.status === 'cancelled' ? 'success' : 'failure',
      payload: { wakeEnded: true, deviceId: note.deviceId, status: note.status },
      createdAt: time ?? new Date().toISOString(),
    };
    if (!(await options.db.auditMessages.get(row.id))) await addAuditMessages(options.db, [row]);
  };
  return (consume) => (fromSeq, onMessage, feedOptions) =>
    consume(
      fromSeq,
      (message) => {
        if (message.kind === 'other' && message.subject.startsWith(prefix))
          void record(message.subject, message.data, message.time).catch(() => undefined);
        return onMessage(message);
      },
      feedOptions,
    );
}
