// Draws the app icons (a check mark countersigned by a short stroke on the brand green)
// straight to PNG, so no image tool is needed. Run: node scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';

const GREEN = [47, 93, 80];
const CREAM = [246, 245, 241];

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel((x + 0.5) / size, (y + 0.5) / size), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** `inset` shrinks the artwork toward the centre (maskable icons need a safe zone). */
function icon({ rounded, inset }) {
  const scale = (v) => 0.5 + (v - 0.5) * inset;
  const check = [
    [scale(0.27), scale(0.5)],
    [scale(0.43), scale(0.66)],
    [scale(0.74), scale(0.33)],
  ];
  const sign = [
    [scale(0.3), scale(0.79)],
    [scale(0.72), scale(0.79)],
  ];
  return (x, y) => {
    if (rounded) {
      const r = 0.2;
      const cx = Math.min(Math.max(x, r), 1 - r);
      const cy = Math.min(Math.max(y, r), 1 - r);
      if (Math.hypot(x - cx, y - cy) > r) return [0, 0, 0, 0];
    }
    const stroke = Math.min(
      distanceToSegment(x, y, check[0], check[1]),
      distanceToSegment(x, y, check[1], check[2]),
    );
    if (stroke < 0.055 * inset) return [...CREAM, 255];
    if (distanceToSegment(x, y, sign[0], sign[1]) < 0.022 * inset) return [...CREAM, 255];
    return [...GREEN, 255];
  };
}

const out = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), png(192, icon({ rounded: true, inset: 1 })));
writeFileSync(new URL('icon-512.png', out), png(512, icon({ rounded: true, inset: 1 })));
writeFileSync(
  new URL('icon-maskable-512.png', out),
  png(512, icon({ rounded: false, inset: 0.7 })),
);
writeFileSync(
  new URL('apple-touch-icon.png', out),
  png(180, icon({ rounded: false, inset: 0.85 })),
);
writeFileSync(
  new URL('icon.svg', out),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="20" fill="#2f5d50"/><path d="M27 50 43 66 74 33" fill="none" stroke="#f6f5f1" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"/><path d="M30 79h42" stroke="#f6f5f1" stroke-width="4.4" stroke-linecap="round"/></svg>\n`,
);
console.log('icons written to public/icons');
