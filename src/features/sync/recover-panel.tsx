/**
 * Recover with the recovery phrase, on a new device when no paired device is at hand: the
 * server details the other devices used and the 24 words. Every refusal is said in words
 * (a wrong word by its place, a phrase of another journal, the server's own answer).
 */
import { useState, type FormEvent } from 'react';
import { syncConfigSchema } from '../../sync/runtime/sync-config';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Notice } from '../../ui/notice';
import { recoverHere } from './join-actions';
import { ServerFields } from './server-fields';

type Outcome = { ok: true; fingerprint: string } | { ok: false; words: string };

export function RecoverPanel() {
  const [url, setUrl] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [phrase, setPhrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const recover = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = syncConfigSchema.safeParse({
      url,
      user,
      secret: { kind: 'password', password },
      enabled: true,
    });
    if (!parsed.success) {
      setOutcome({
        ok: false,
        words: parsed.error.issues[0]?.message ?? 'Check the server details.',
      });
      return;
    }
    setBusy(true);
    setOutcome(undefined);
    setOutcome(await recoverHere(parsed.data, phrase));
    setBusy(false);
  };

  if (outcome?.ok) {
    return (
      <Notice tone="success">
        This device recovered the journal and is syncing it. Its key’s words are{' '}
        <strong className="fingerprint">{outcome.fingerprint}</strong>.
      </Notice>
    );
  }

  return (
    <form
      className="stack recover"
      aria-label="Recover with the recovery phrase"
      onSubmit={(event) => void recover(event)}
    >
      <p className="muted">
        Enter the server details your other devices used, and the 24 words you wrote down.
      </p>
      <ServerFields url={url} user={user} onUrl={setUrl} onUser={setUser} />
      <Field label="Password">
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <Field label="Recovery phrase (24 words)">
        <textarea
          rows={4}
          spellCheck={false}
          autoCapitalize="none"
          autoComplete="off"
          value={phrase}
          onChange={(event) => setPhrase(event.target.value)}
        />
      </Field>
      {outcome && <Notice tone="error">{outcome.words}</Notice>}
      {busy && <Notice tone="info">Recovering…</Notice>}
      <div className="row">
        <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
          Recover this journal
        </Button>
      </div>
    </form>
  );
}
