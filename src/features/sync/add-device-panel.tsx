/**
 * Settings → Sync → Add a device: after a tap and a warning, the join code as a QR code and
 * as a link, hidden again after two minutes or when the new device has joined. Loaded only
 * when opened (it brings the QR library).
 */
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { JOIN_CODE_LIFETIME_MS, joinLink, type JoinCode } from '../../sync/pairing/join-code';
import type { MadeJoinCode } from '../../sync/pairing/make-join-code';
import { JoinQrCode } from './join-qr-code';
import { ShowOrCancel } from './show-or-cancel';

export interface JoinedDevice {
  readonly name: string;
  readonly fingerprint: string;
}

type Step =
  | { step: 'warning' }
  | { step: 'showing'; code: JoinCode; link: string }
  | { step: 'hidden'; words: string }
  | { step: 'failed'; words: string };

/** Never more than a code's lifetime: the clock ticks once a second, so `now` may be a second old. */
function secondsLeft(expires: number, now: number) {
  return Math.min(JOIN_CODE_LIFETIME_MS / 1_000, Math.max(0, Math.ceil((expires - now) / 1_000)));
}

function formatLeft(seconds: number) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

export function AddDevicePanel({
  prepare,
  joined,
  onClose,
}: {
  prepare: () => Promise<MadeJoinCode>;
  /** Set when the device this code was shown to has joined. */
  joined?: JoinedDevice;
  onClose: () => void;
}) {
  const [state, setState] = useState<Step>({ step: 'warning' });
  const [copied, setCopied] = useState(false);
  const now = useNow(state.step === 'showing');
  const expired = state.step === 'showing' && secondsLeft(state.code.expires, now) === 0;

  const view: Step = expired
    ? {
        step: 'hidden',
        words: 'The code is hidden: it worked for two minutes. Tap Show a fresh code to try again.',
      }
    : state;

  const show = async () => {
    const made = await prepare();
    setCopied(false);
    setState(
      made.ok
        ? { step: 'showing', code: made.code, link: joinLink(window.location.href, made.code) }
        : { step: 'failed', words: made.words },
    );
  };

  const copy = async () => {
    if (state.step !== 'showing') return;
    try {
      await navigator.clipboard.writeText(state.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  if (joined) {
    return (
      <div className="stack add-device">
        <Notice tone="success">
          {joined.name} joined this journal. Check that it shows the same words as this device:{' '}
          <strong className="fingerprint">{joined.fingerprint}</strong>. If they differ, remove it
          from the device list below.
        </Notice>
        <div className="row">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }

  if (view.step === 'showing') {
    const left = secondsLeft(view.code.expires, now);
    return (
      <div className="stack add-device">
        <p>
          On the new device, open Countersign and choose <strong>Join with a code</strong>, then
          scan this code, or open the link on it.
        </p>
        <JoinQrCode text={view.link} label="Join code for a new device" />
        <label className="field">
          <span>The same as a link</span>
          <input
            className="add-device__link"
            readOnly
            value={view.link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        <p className="muted" aria-live="off">
          Hidden in {formatLeft(left)}, or as soon as the new device joins. It works once.
        </p>
        <div className="row">
          <Button onClick={() => void copy()}>{copied ? 'Link copied' : 'Copy the link'}</Button>
          <Button variant="quiet" onClick={onClose}>
            Hide the code
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="stack add-device">
      {view.step === 'hidden' && <Notice>{view.words}</Notice>}
      {view.step === 'failed' && <Notice tone="error">{view.words}</Notice>}
      <Notice tone="warning">
        Anyone who sees this code can read your journal. Show it only to your own new device, not on
        a shared screen or in a video call.
      </Notice>
      <ShowOrCancel
        label={view.step === 'warning' ? 'Show the code' : 'Show a fresh code'}
        onShow={() => void show()}
        onCancel={onClose}
      />
    </div>
  );
}
