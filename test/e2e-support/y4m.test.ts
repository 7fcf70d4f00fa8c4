// @vitest-environment node
import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { qrY4m } from '../../e2e/support/y4m';

describe('the fake camera video of a join link', () => {
  it('is a y4m stream whose every frame reads back as the link', () => {
    const link = `https://app.example.org/settings#join=${'A1b2_-'.repeat(70)}`;
    const video = qrY4m(link, { width: 640, height: 480, frames: 2 });
    const headerEnd = video.indexOf(0x0a);
    expect(video.subarray(0, headerEnd).toString('ascii')).toBe(
      'YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg',
    );
    const frameBytes = 6 + 640 * 480 * 1.5;
    expect(video.length).toBe(headerEnd + 1 + 2 * frameBytes);
    const frame = video.subarray(headerEnd + 1 + frameBytes + 6, headerEnd + 1 + 2 * frameBytes);
    expect(decodeQR({ width: 640, height: 480, data: frame }, { format: 'I420' })).toBe(link);
  });

  it('refuses a frame too small to draw the code in', () => {
    expect(() => qrY4m('x'.repeat(600), { width: 64, height: 64 })).toThrow(/too small/);
  });
});
