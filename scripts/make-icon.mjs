// Draws the app's master icon (resources/icon.png, 1024×1024) from code, so it can be regenerated and reviewed:
// a rounded indigo square with a row of waveform bars. electron-builder derives every platform's icon from it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const size = 1024;
const pixels = Buffer.alloc(size * size * 4);

function roundedSquareAlpha(x, y, inset, radius) {
  const min = inset;
  const max = size - inset;
  const cx = Math.min(Math.max(x, min + radius), max - radius);
  const cy = Math.min(Math.max(y, min + radius), max - radius);
  const distance = Math.hypot(x - cx, y - cy);
  return Math.min(1, Math.max(0, radius - distance + 0.5));
}

const bars = [0.28, 0.5, 0.78, 0.58, 0.92, 0.64, 0.4, 0.7, 0.34];
const barWidth = 56;
const gap = 26;
const totalWidth = bars.length * barWidth + (bars.length - 1) * gap;
const left = (size - totalWidth) / 2;

for (let y = 0; y < size; y += 1) {
  for (let x = 0; x < size; x += 1) {
    const alpha = roundedSquareAlpha(x + 0.5, y + 0.5, 64, 190);
    const t = (x + y) / (2 * size);
    let r = 74 + (124 - 74) * t;
    let g = 86 + (72 - 86) * t;
    let b = 224 + (200 - 224) * t;
    const column = Math.floor((x - left) / (barWidth + gap));
    const within = (x - left) % (barWidth + gap);
    if (column >= 0 && column < bars.length && within >= 0 && within < barWidth) {
      const half = (bars[column] * 560) / 2;
      const dy = Math.abs(y - size / 2);
      const capRadius = barWidth / 2;
      const insideBody = dy <= half - capRadius;
      const insideCap = Math.hypot(within - capRadius + 0.5, dy - (half - capRadius)) <= capRadius;
      if (insideBody || insideCap) {
        r = 255;
        g = 255;
        b = 255;
      }
    }
    const offset = (y * size + x) * 4;
    pixels[offset] = Math.round(r);
    pixels[offset + 1] = Math.round(g);
    pixels[offset + 2] = Math.round(b);
    pixels[offset + 3] = Math.round(alpha * 255);
  }
}

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const rows = Buffer.alloc(size * (size * 4 + 1));
for (let y = 0; y < size; y += 1) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(rows, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const target = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'resources', 'icon.png');
writeFileSync(target, png);
console.log(`Wrote ${target} (${png.length} bytes)`);
