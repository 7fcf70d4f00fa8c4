/**
 * A .y4m video of a QR code, for Chromium's fake camera
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>.y4m`):
 * a text header, then raw YUV 4:2:0 frames. The code is drawn black on white, centred,
 * with whole pixels per module; chroma is neutral grey. Chromium loops the file, so a few
 * identical frames are enough.
 */
import { encodeQR } from 'qr';

interface Y4mOptions {
  width?: number;
  height?: number;
  frames?: number;
}

/** The luma plane of one frame: the code centred on white, as large as fits. */
function qrLumaPlane(text: string, width: number, height: number): Uint8Array {
  const matrix = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
  const scale = Math.floor(Math.min(width, height) / matrix.length);
  if (scale < 2) throw new RangeError(`A ${width}×${height} frame is too small for this code.`);
  const left = Math.floor((width - matrix.length * scale) / 2);
  const top = Math.floor((height - matrix.length * scale) / 2);
  const luma = new Uint8Array(width * height).fill(235);
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1) {
        const at = (top + y * scale + dy) * width + left + x * scale;
        luma.fill(16, at, at + scale);
      }
    });
  });
  return luma;
}

export function qrY4m(text: string, { width = 640, height = 480, frames = 5 }: Y4mOptions = {}) {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const luma = qrLumaPlane(text, width, height);
  const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}
