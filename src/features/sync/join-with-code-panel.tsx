/**
 * Join with a code, on the new device: scan the code with the camera, open the link (the
 * app reads `#join=` from its address), or paste the code or the link. Every refusal is
 * said in words with a way forward; joining itself is `join`'s.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { readJoinCode, type JoinCode } from '../../sync/pairing/join-code';

const JoinCamera = lazy(() => import('./join-camera').then((m) => ({ default: m.JoinCamera })));

export type JoinOutcome = { ok: true; fingerprint: string } | { ok: false; words: string };

export function JoinWithCodePanel({
  initialText,
  join,
}: {
  /** A code that arrived with the address (`#join=`): filled in, joined when the person taps Join. */
  initialText?: string;
  join: (code: JoinCode) => Promise<JoinOutcome>;
}) {
  const pasteId = useId();
  const [text, setText] = useState(initialText ?? '');
  const [scanning, setScanning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<JoinOutcome>();

  const tryText = (candidate: string): boolean => {
    const read = readJoinCode(candidate, Date.now());
    if (!read.ok) {
      setOutcome({ ok: false, words: read.words });
      return read.problem !== 'notOurs';
    }
    setScanning(false);
    setBusy(true);
    void join(read.code)
      .then(setOutcome)
      .finally(() => setBusy(false));
    return true;
  };

  if (outcome?.ok) {
    return (
      <Notice tone="success">
        This device joined the journal. Check that your other device shows the same words:{' '}
        <strong className="fingerprint">{outcome.fingerprint}</strong>. If they differ, this is not
        your journal: disconnect here and ask for a fresh code.
      </Notice>
    );
  }

  return (
    <div className="stack join-with-code">
      {outcome && !outcome.ok && <Notice tone="error">{outcome.words}</Notice>}
      {busy && <Notice tone="info">Joining…</Notice>}
      {scanning ? (
        <Suspense fallback={<p className="muted">Starting the camera…</p>}>
          <JoinCamera onText={tryText} onCancel={() => setScanning(false)} />
        </Suspense>
      ) : (
        <div className="row">
          <Button
            variant="primary"
            onClick={() => setScanning(true)}
            aria-disabled={busy || undefined}
          >
            Scan the code with the camera
          </Button>
        </div>
      )}
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) tryText(text);
        }}
      >
        <label className="field" htmlFor={pasteId}>
          <span>Or paste the code or the link</span>
        </label>
        <textarea
          id={pasteId}
          rows={3}
          value={text}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(event) => setText(event.target.value)}
        />
        <div className="row">
          <Button type="submit" aria-disabled={busy || undefined}>
            Join with this code
          </Button>
        </div>
      </form>
    </div>
  );
}
