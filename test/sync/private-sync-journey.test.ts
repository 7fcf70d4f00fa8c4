// @vitest-environment node
/**
 * The server sees nothing readable, in full (docs/decisions/0010): two devices of an
 * encrypted journal against a real nats-server exchange tasks, entries, a wake's proposals,
 * its report and
 * observations (the agent's rows as the sync path carries them), a rejection with a
 * reason, a confirmation with an edit and the devices' names. Then a Node client reads every message of the
 * stream raw, bodies and headers, and none of the journal's strings is in any of them.
 *
 * The same journey with sealing turned off fails here: that is what makes it a proof.
 */
import { describe, expect, it } from 'vitest';
import { confirmItem } from '../../src/confirmation/confirm-item';
import { rejectItem } from '../../src/confirmation/reject-item';
import type { CountersignDatabase } from '../../src/db/database';
import { DeviceKeyDatabase } from '../../src/db/device-key-store';
import { getDeviceId } from '../../src/db/settings';
import { renameDevice } from '../../src/sync/devices/device-records';
import { deriveJournalKey, newJournalSecret } from '../../src/sync/seal/journal-key';
import { keyRing, type KeyRing } from '../../src/sync/seal/key-ring';
import { open } from '../../src/sync/seal/seal';
import { itemsOfTask } from '../support/proposals';
import { scriptedWake } from '../support/scripted-wake';
import { createAgentReadyTask, createTestDatabase, userWrite } from '../support/test-database';
import { liveServer } from './live-server';
import { rawStream, readable } from './raw-stream';
import { startAliceRuntime, waitFor } from './sync-fixtures';

const server = liveServer();

/** A device of the journal holding `ring`, with a key store of its own for its record. */
function start(db: CountersignDatabase, ring: KeyRing) {
  server.keep(
    startAliceRuntime(db, server.url(), {
      journalKeys: () => Promise.resolve(ring),
      keyStore: new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`),
    }),
  );
}

/** Names the device on `db` (its record, written when sync started) and sends the rename. */
async function nameDevice(db: CountersignDatabase, name: string) {
  const id = await getDeviceId(db);
  await waitFor(() => db.devices.get(id), 20_000, 'the device record');
  expect(await renameDevice(db, id, name)).toMatchObject({ ok: true });
}

const sent = (db: CountersignDatabase) =>
  waitFor(async () => ((await db.outbox.count()) === 0 ? true : undefined), 20_000, 'sent');

/** Everything the journey writes that a person or the agent wrote: none may reach the server. */
const JOURNAL_WORDS = {
  title: 'Call the plumber about the boiler',
  entry: 'The boiler hisses whenever the heating starts',
  category: 'Work',
  label: 'Urgent',
  items: ['Write script', 'Book room', 'Bleed the radiators'],
  thought: 'Pressure gauge reads low',
  rationale: 'Two visits of forty minutes',
  observation: 'Landlord must approve the repair',
  report: ['Waiting on the plumber', 'Radiators need bleeding first', 'Gauge readings'],
  reason: 'Not before the landlord answers',
  devices: ['Workshop laptop of Margit', 'Kitchen tablet of Margit'],
};

/**
 * Names the wire format would carry in plain JSON: tools, fields, tables, verdicts. (Not
 * "decisions": it names the claims' subject family, which the server sees by design.)
 */
const WIRE_WORDS = [
  'update_task_estimate',
  'update_task_priority',
  'add_multiple_checklist_items',
  'update_report',
  'record_observations',
  'estimateMinutes',
  'oneLiner',
  'tldr',
  'changeItems',
  'changeSets',
  'reports',
  'observations',
  'confirmed',
  'rejected',
  'appliedArgs',
  'devices',
  'agreement',
  'title',
  'text',
];

describe('the server of an encrypted journal', () => {
  it(
    'holds nothing readable after a whole two-device journey, in any body or header',
    { timeout: 90_000 },
    async () => {
      const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
      const laptop = createTestDatabase();
      const tablet = createTestDatabase();
      start(laptop, ring);
      start(tablet, ring);

      await nameDevice(laptop, JOURNAL_WORDS.devices[0]!);
      await nameDevice(tablet, JOURNAL_WORDS.devices[1]!);

      const { taskId } = await createAgentReadyTask(laptop);
      await userWrite(laptop, 'set_task_title', { title: JOURNAL_WORDS.title }, { taskId });
      await userWrite(laptop, 'add_journal_entry', { text: JOURNAL_WORDS.entry }, { taskId });
      await scriptedWake(laptop, taskId, [
        {
          text: JOURNAL_WORDS.thought,
          toolCalls: [
            {
              name: 'update_task_estimate',
              args: { minutes: 80, rationale: JOURNAL_WORDS.rationale },
            },
            { name: 'update_task_priority', args: { priority: 'P0' } },
            {
              name: 'add_multiple_checklist_items',
              args: { items: [{ title: JOURNAL_WORDS.items[2] }] },
            },
          ],
        },
        {
          toolCalls: [
            {
              name: 'record_observations',
              args: { observations: [{ text: JOURNAL_WORDS.observation, priority: 'high' }] },
            },
            {
              name: 'update_report',
              args: {
                oneLiner: JOURNAL_WORDS.report[0],
                tldr: JOURNAL_WORDS.report[1],
                content: `## ${JOURNAL_WORDS.report[2]}`,
              },
            },
          ],
        },
      ]);
      await sent(laptop);

      // The tablet has it all: the task, the entry, the proposals, the report and the note.
      const items = await waitFor(
        async () => {
          const found = await itemsOfTask(tablet, taskId);
          return found.length === 3 ? found : undefined;
        },
        20_000,
        'the three proposals on the tablet',
      );
      await waitFor(
        async () => ((await tablet.reports.count()) === 1 ? true : undefined),
        20_000,
        'the report on the tablet',
      );
      expect((await tablet.reports.toArray())[0]?.oneLiner).toBe(JOURNAL_WORDS.report[0]);
      expect((await tablet.observations.toArray()).map((row) => row.text)).toEqual([
        JOURNAL_WORDS.observation,
      ]);
      expect((await tablet.tasks.get(taskId))?.title).toBe(JOURNAL_WORDS.title);
      expect((await tablet.entries.toArray()).map((row) => row.text)).toContain(
        JOURNAL_WORDS.entry,
      );

      await waitFor(
        async () => {
          const names = (await tablet.devices.toArray()).map((row) => row.name).sort();
          return names.join() === [...JOURNAL_WORDS.devices].sort().join() || undefined;
        },
        20_000,
        "the laptop's name on the tablet",
      );

      const byTool = (name: string) => items.find((item) => item.toolName === name)!;
      const estimate = byTool('update_task_estimate');
      const priority = byTool('update_task_priority');
      const checklist = items.find((item) => item !== estimate && item !== priority)!;
      expect(
        (
          await confirmItem(tablet, estimate.changeSetId, estimate.itemIndex, {
            edited: { minutes: 45 },
          })
        ).status,
      ).toBe('applied');
      expect(
        (
          await rejectItem(tablet, priority.changeSetId, priority.itemIndex, {
            reason: JOURNAL_WORDS.reason,
          })
        ).status,
      ).toBe('rejected');
      expect((await confirmItem(tablet, checklist.changeSetId, checklist.itemIndex)).status).toBe(
        'applied',
      );
      await sent(tablet);
      await waitFor(
        async () => {
          const decisions = await laptop.decisions.toArray();
          const task = await laptop.tasks.get(taskId);
          return decisions.length === 3 && task?.estimateMinutes === 45 ? true : undefined;
        },
        20_000,
        'the three decisions on the laptop',
      );
      expect(
        (await laptop.decisions.toArray()).find((row) => row.verdict === 'rejected')
          ?.rejectionReason,
      ).toBe(JOURNAL_WORDS.reason);
      expect(await tablet.syncQuarantine.count()).toBe(0);
      expect(await laptop.syncQuarantine.count()).toBe(0);
      expect((await laptop.devices.toArray()).map((row) => row.name).sort()).toEqual(
        [...JOURNAL_WORDS.devices].sort(),
      );

      const messages = await rawStream(server.url());
      const families = new Set(messages.map((message) => message.subject.split('.')[2]));
      expect([...families].sort()).toEqual(expect.arrayContaining(['decisions', 'ops']));
      const words = [...Object.values(JOURNAL_WORDS).flat(), ...WIRE_WORDS];
      const found: string[] = [];
      for (const message of messages) {
        // A progress report is readable by design and empty: its subject is the device's
        // cursor (decision 0011). Every other body is sealed.
        if (message.subject.includes('.progress.')) expect(message.data.length).toBe(0);
        else if (message.body[0] !== 0xff) found.push(`${message.subject}: not sealed`);
        const seen = readable(message);
        for (const word of words) {
          if (seen.includes(word)) found.push(`${message.subject}: "${word}"`);
        }
      }
      expect(found).toEqual([]);

      // And the words did travel: opened with the journal key, the bodies hold every one but
      // the wake's thought (it stays in this device's audit) and the names of calls that
      // leave no row under their own name (the notes, and a batch, exploded into items).
      let plaintext = '';
      for (const message of messages) {
        const opened = await open(message.subject, ring, message.body);
        if (opened.outcome === 'opened') plaintext += new TextDecoder().decode(opened.plaintext);
      }
      expect(words.filter((word) => !plaintext.includes(word))).toEqual([
        JOURNAL_WORDS.thought,
        'add_multiple_checklist_items',
        'update_report',
        'record_observations',
      ]);
    },
  );
});
