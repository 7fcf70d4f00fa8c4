/**
 * "Join with a code" where a device starts (the welcome card) and in Settings → Sync: one
 * button that opens the panel, loaded only then. A join link that opened the app opens it
 * at once, with the code filled in and the panel in view.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { useArrivedJoinText } from './arrived-join';

const JoinHerePanel = lazy(() =>
  import('./join-here-panel').then((m) => ({ default: m.JoinHerePanel })),
);

export function JoinWithCode({ intro }: { intro: string }) {
  const arrived = useArrivedJoinText();
  const [opened, setOpened] = useState(false);
  const open = opened || arrived !== undefined;
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (arrived !== undefined) panel.current?.scrollIntoView({ block: 'start' });
  }, [arrived]);

  return (
    <div className="stack join-section" ref={panel}>
      <p>{intro}</p>
      {open ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <JoinHerePanel initialText={arrived} />
        </Suspense>
      ) : (
        <div className="row">
          <Button onClick={() => setOpened(true)}>Join with a code</Button>
        </div>
      )}
    </div>
  );
}
