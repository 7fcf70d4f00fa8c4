/**
 * Settings → Notifications: the opt-in for a notification when proposals arrive from
 * another device while the app is in the background. Permission is asked only here, when
 * the person turns it on, after saying what will be sent.
 */
import { useId, useState } from 'react';
import { Notice } from '../../ui/notice';
import {
  notificationSupport,
  setNotifyOnArrival,
  useNotifyOnArrival,
  type NotificationSupport,
} from './notify-setting';

const BLOCKED =
  'Notifications are blocked for Countersign in this browser. Allow them in the browser’s site settings (the icon beside the address), then turn this on again.';

export function NotificationsSection() {
  const headingId = useId();
  const hintId = useId();
  const on = useNotifyOnArrival();
  const [support, setSupport] = useState<NotificationSupport>(notificationSupport);
  const [failure, setFailure] = useState<string>();

  const change = async (next: boolean) => {
    setFailure(undefined);
    try {
      if (next && support !== 'granted') {
        const answer = await Notification.requestPermission();
        setSupport(answer);
        if (answer !== 'granted') return;
      }
      await setNotifyOnArrival(next);
    } catch (error) {
      setFailure(`Not saved: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const checked = on === true && support === 'granted';
  return (
    <section
      id="notifications"
      className="card stack settings__section"
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>Notifications</h2>
      {support === 'unsupported' ? (
        <p className="muted">
          This browser cannot show notifications. The Review badge still counts what waits for you.
        </p>
      ) : (
        <>
          <label className="check-option">
            <input
              type="checkbox"
              checked={checked}
              disabled={on === undefined}
              aria-describedby={hintId}
              onChange={(event) => void change(event.target.checked)}
            />
            <span>Tell me when proposals arrive from another device</span>
          </label>
          <p id={hintId} className="muted">
            While Countersign is open in the background, a notification says how many changes wait
            and the task’s title (it may show on the lock screen). A tap opens that task. Nothing is
            sent anywhere: this device shows it. When the app is closed, nothing is shown.
          </p>
          {support === 'denied' && <Notice tone="warning">{BLOCKED}</Notice>}
          {failure && (
            <p className="field__error" role="alert">
              {failure}
            </p>
          )}
        </>
      )}
    </section>
  );
}
