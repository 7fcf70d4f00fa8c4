import { describe, expect, it } from 'vitest';
import { agentReadySuite } from '../../test/support/agent-ready-suite';
import { userWrite } from '../../test/support/test-database';
import { ENTRY_BUDGET_CHARACTERS } from './prompt-entries';
import { renderContext } from './render-context';
import { buildWakeContext } from './wake-context';

const suite = agentReadySuite();
const journalSection = async () => {
  const text = renderContext(
    (await buildWakeContext(suite.db, suite.ids.taskId, 'default-agent'))!,
  );
  return text.slice(text.indexOf('## Journal entries'), text.indexOf('## Your previous report'));
};
let minute = 0;
/** An entry a minute after the one before, so their order never rests on a tie. */
const write = (text: string) =>
  userWrite(
    suite.db,
    'add_journal_entry',
    { text },
    { taskId: suite.ids.taskId, now: new Date(Date.UTC(2026, 0, 1, 0, minute++)).toISOString() },
  );

describe('the journal in the wake’s prompt', () => {
  it('shows the entries that fit, newest first, and says when older ones were left out', async () => {
    // Two of these do not fit the budget together.
    const long = (word: string) => `${word} `.repeat(ENTRY_BUDGET_CHARACTERS / 12).trim();
    await write(long('oldest'));
    await write(long('middle'));
    await write('Newest: waiting on the vendor.');
    const section = await journalSection();
    expect(section).toContain('Newest: waiting on the vendor.');
    expect(section).toContain('middle middle');
    expect(section).not.toContain('oldest');
    expect(section).toContain('(older entries not shown)');
  });

  it('says nothing is left out when every entry fits', async () => {
    await write('The only entry.');
    const section = await journalSection();
    expect(section).toContain('The only entry.');
    expect(section).not.toContain('not shown');
  });
});
