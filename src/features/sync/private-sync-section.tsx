/**
 * Settings → Sync → private sync: "Encrypt this journal" with what it means, then the
 * key's fingerprint words, which devices have the key, Add a device and the recovery
 * phrase; on a device without the key, what it waits for and the way forward. Nothing
 * here blocks the local app: every step talks to the server on its own connection.
 */
import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { KeyCoverageNote } from './key-coverage-note';
import { encryptHere } from './private-sync-actions';
import { usePrivateSync, type PrivateSync } from './use-private-sync';

export function PrivateSyncSection() {
  const state = usePrivateSync();
  const headingId = useId();
  if (!state?.config) return null;
  return (
    <section className="stack private-sync" aria-labelledby={headingId}>
      <h3 id={headingId}>Encryption</h3>
      {state.newest ? <Encrypted state={state} /> : <NotEncrypted state={state} />}
    </section>
  );
}

function NotEncrypted({ state }: { state: PrivateSync }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const encrypt = async () => {
    if (busy || !state.config) return;
    setBusy(true);
    setProblem(undefined);
    const encrypted = await encryptHere(state.config);
    setBusy(false);
    if (!encrypted.ok) setProblem(encrypted.words);
  };

  return (
    <>
      {state.waitingForKey && <WaitingForKey />}
      <p>
        Today the sync server can read this journal: every title, entry and decision travels and is
        stored as it is. <strong>Encrypt this journal</strong> seals everything this device sends
        with a key only your devices hold, so whoever runs the server sees sizes and times, never
        what you wrote.
      </p>
      <p>
        Your other devices need the key too: add each one with a code from here (Add a device).
        Until it has the key, a device cannot read what this one sends, says so, and keeps working
        on its own.
      </p>
      <Notice tone="warning">
        After encrypting, write down the recovery phrase. It is the only way back without one of
        your devices: without the phrase and without a device, nobody can recover an encrypted
        journal, not even whoever runs the server.
      </Notice>
      {problem && (
        <Notice tone="error">
          The journal was not encrypted: {problem} Nothing changed; try again when this device is
          connected.
        </Notice>
      )}
      <div className="row">
        <Button variant="primary" onClick={() => void encrypt()} aria-disabled={busy || undefined}>
          {busy ? 'Encrypting…' : 'Encrypt this journal'}
        </Button>
      </div>
    </>
  );
}

function WaitingForKey() {
  return (
    <Notice tone="warning">
      Waiting for this journal’s key: another device encrypted it, so this device cannot read what
      it sends yet. On a device that has the key, open Settings → Sync → Add a device, then choose
      Join with a code here. No device at hand? Recover with the recovery phrase. Meanwhile this
      device keeps working, and its changes are still sent.
    </Notice>
  );
}

function Encrypted({ state }: { state: PrivateSync }) {
  const { config, newest, fingerprint } = state;
  if (!config || !newest) return null;
  return (
    <>
      {state.waitingForKey && <WaitingForKey />}
      <p>
        This journal is encrypted: what this device sends is sealed, and the server cannot read it.
        Its key’s words are <strong className="fingerprint">{fingerprint}</strong>. Every device of
        this journal shows the same words.
      </p>
      <KeyCoverageNote config={config} keyId={newest.keyId} />
    </>
  );
}
