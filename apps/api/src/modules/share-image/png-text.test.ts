import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngSize, readPngTexts, withPngText } from './png-text.ts';

/** A valid 2×1 grey PNG built by hand (signature, IHDR, IDAT, IEND). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(Number(BigInt.asUintN(32, BigInt(zlibCrc(body)))));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 128, 128]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
// Written out rather than imported from node:zlib, so the reader's CRC check is tested against an independent one.
function zlibCrc(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('PNG text chunks', () => {
  it('reads the size from the header', () => {
    expect(pngSize(tinyPng())).toEqual({ width: 2, height: 1 });
  });

  it('embeds UTF-8 text after the header and reads it back', () => {
    const png = withPngText(tinyPng(), 'Description', 'Uplift · £70.00 GBP\nMāori');
    expect(readPngTexts(png)).toEqual({ Description: 'Uplift · £70.00 GBP\nMāori' });
    expect(pngSize(png)).toEqual({ width: 2, height: 1 });
    expect(png.toString('latin1', 37, 41)).toBe('iTXt');
  });

  it('refuses what is not a PNG, and a damaged chunk', () => {
    expect(() => pngSize(Buffer.from('GIF89a not a png at all'))).toThrow('not a PNG');
    const png = withPngText(tinyPng(), 'Description', 'hello');
    png.writeUInt8(png.readUInt8(png.length - 20) ^ 0xff, png.length - 20);
    expect(() => readPngTexts(png)).toThrow(/bad CRC/);
  });
});
