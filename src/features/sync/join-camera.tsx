/**
 * The camera preview while scanning a join code: sized for a tablet held at arm's length,
 * stopped (and the camera light off) as soon as a code is read or the person cancels.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { describeCameraError, openCamera, qrDetector } from './camera-scanner';

const SCAN_INTERVAL_MS = 250;

export function JoinCamera({
  onText,
  onCancel,
}: {
  /** Each code read; true when it was taken and scanning should stop. */
  onText: (text: string) => boolean;
  onCancel: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    void (async () => {
      try {
        stream = await openCamera();
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        const detector = await qrDetector();
        const scan = async () => {
          if (stopped || !video.current) return;
          const found = await detector.detect(video.current).catch(() => []);
          if (found.some(({ rawValue }) => onTextRef.current(rawValue))) return stop();
          timer = window.setTimeout(() => void scan(), SCAN_INTERVAL_MS);
        };
        await scan();
      } catch (error) {
        if (!stopped) setProblem(describeCameraError(error));
        stop();
      }
    })();
    return stop;
  }, []);

  return (
    <div className="stack join-camera">
      {problem ? (
        <Notice tone="error">{problem}</Notice>
      ) : (
        <>
          <video
            ref={video}
            className="join-camera__preview"
            muted
            playsInline
            aria-label="Camera preview: point it at the code on your other device"
          />
          <p className="muted">Point the camera at the code on your other device.</p>
        </>
      )}
      <div className="row">
        <Button onClick={onCancel}>{problem ? 'Back' : 'Stop the camera'}</Button>
      </div>
    </div>
  );
}
