/**
 * Settings → Sync → Recovery phrase: the newest journal secret as 24 words, shown only
 * after a confirmation, with what it is for and what is lost without it. Loaded only when
 * opened (it brings the word list).
 */
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { recoveryPhrase } from '../../sync/seal/recovery-phrase';
import { ShowOrCancel } from './show-or-cancel';

export function RecoveryPhrasePanel({
  secret,
  rotatedSinceShown,
  onWrittenDown,
  onClose,
}: {
  /** The newest journal secret; undefined when the journal is not encrypted. */
  secret: Uint8Array | undefined;
  /** The key was rotated since the person last wrote the phrase down. */
  rotatedSinceShown: boolean;
  onWrittenDown: () => void;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(false);

  if (!secret) {
    return (
      <Notice>
        This journal is not encrypted, so it has no recovery phrase. Turn on “Encrypt this journal”
        first.
      </Notice>
    );
  }

  return (
    <div className="stack recovery-phrase">
      {rotatedSinceShown && (
        <Notice tone="warning">
          This journal has a new key since you last wrote the phrase down (a device was removed).
          The old phrase no longer opens anything written since. Write down the new one and throw
          the old one away.
        </Notice>
      )}
      <Notice tone="warning">
        Without this phrase and without any of your devices, an encrypted journal cannot be
        recovered by anyone, including whoever runs the sync server. Anyone who has the phrase and
        the server details can read your journal: write it on paper and keep it somewhere safe.
      </Notice>
      {shown ? (
        <>
          <ol className="recovery-phrase__words" aria-label="Recovery phrase, 24 words">
            {recoveryPhrase(secret).map((word, index) => (
              <li key={index}>{word}</li>
            ))}
          </ol>
          <div className="row">
            <Button
              variant="primary"
              onClick={() => {
                onWrittenDown();
                onClose();
              }}
            >
              I have written it down
            </Button>
            <Button variant="quiet" onClick={onClose}>
              Hide
            </Button>
          </div>
        </>
      ) : (
        <ShowOrCancel
          label="Show the recovery phrase"
          onShow={() => setShown(true)}
          onCancel={onClose}
        />
      )}
    </div>
  );
}
