/**
 * Reading a QR code from the camera: the browser's `BarcodeDetector` where it has one, the
 * `qr` library's decoder otherwise (bundled, so it is served from the app's own origin and
 * works offline; loaded only when the person starts scanning). Every way the camera can
 * fail is said in words.
 */

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
declare const BarcodeDetector:
  | ((new (options: { formats: string[] }) => Detector) & {
      getSupportedFormats(): Promise<string[]>;
    })
  | undefined;

export function describeCameraError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Countersign may not use the camera. Allow the camera for this site in the browser’s settings and try again, or open the link or paste the code instead.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'TypeError') {
    return 'This device has no camera Countersign can use. Open the link from your other device, or paste the code instead.';
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return 'The camera is busy in another app. Close that app and try again, or paste the code instead.';
  }
  return 'The camera could not be started. Try again, or open the link or paste the code instead.';
}

export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new DOMException('no camera', 'NotFoundError');
  }
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
}

async function nativeDetector(): Promise<Detector | undefined> {
  if (typeof BarcodeDetector === 'undefined') return undefined;
  try {
    const formats = await BarcodeDetector.getSupportedFormats();
    return formats.includes('qr_code') ? new BarcodeDetector({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

async function libraryDetector(): Promise<Detector> {
  const { default: decodeQR } = await import('qr/decode.js');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    detect(video) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!context || width === 0 || height === 0) return Promise.resolve([]);
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const image = context.getImageData(0, 0, width, height);
      try {
        return Promise.resolve([{ rawValue: decodeQR({ width, height, data: image.data }) }]);
      } catch {
        return Promise.resolve([]);
      }
    },
  };
}

/** A detector for the video, native when the browser has one. */
export async function qrDetector(): Promise<Detector> {
  return (await nativeDetector()) ?? libraryDetector();
}
