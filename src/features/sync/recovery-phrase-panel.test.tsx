import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newJournalSecret } from '../../sync/seal/journal-key';
import { readRecoveryPhrase } from '../../sync/seal/recovery-phrase';
import { RecoveryPhrasePanel } from './recovery-phrase-panel';

afterEach(() => cleanup());

describe('the recovery phrase in Settings', () => {
  it('shows the words only after a confirmation, and they open the same journal key', async () => {
    const secret = newJournalSecret();
    const writtenDown = vi.fn();
    render(
      <RecoveryPhrasePanel
        secret={secret}
        rotatedSinceShown={false}
        onWrittenDown={writtenDown}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText(/cannot be recovered by anyone/)).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show the recovery phrase' }));
    const words = within(screen.getByRole('list', { name: /Recovery phrase/ }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(words).toHaveLength(24);
    expect(readRecoveryPhrase(words.join(' '))).toEqual({ ok: true, secret });
    await userEvent.click(screen.getByRole('button', { name: 'I have written it down' }));
    expect(writtenDown).toHaveBeenCalledOnce();
  });

  it('after a rotation, says the old phrase no longer opens new messages', () => {
    render(
      <RecoveryPhrasePanel
        secret={newJournalSecret()}
        rotatedSinceShown
        onWrittenDown={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText(/old phrase no longer opens anything written since/)).toBeVisible();
  });

  it('says a journal without encryption has no phrase', () => {
    render(
      <RecoveryPhrasePanel
        secret={undefined}
        rotatedSinceShown={false}
        onWrittenDown={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/not encrypted/);
  });
});
