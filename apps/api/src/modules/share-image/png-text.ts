import { crc32 } from 'node:zlib';

// A PNG is an 8-byte signature, then chunks: length (4), type (4), data, CRC-32 of type + data (4).
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR_END = 8 + 4 + 4 + 13 + 4;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The PNG with an iTXt chunk (UTF-8 text, uncompressed) right after its header, so the words drawn
 * on the image can be read back by tools and tests without recognising characters.
 */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  // keyword \0, compression flag 0, method 0, language tag "" \0, translated keyword "" \0, text.
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]);
  return Buffer.concat([png.subarray(0, IHDR_END), chunk('iTXt', data), png.subarray(IHDR_END)]);
}

/** Width and height from the PNG's IHDR chunk; throws when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The uncompressed iTXt texts of a PNG, by keyword (CRCs checked). */
export function readPngTexts(png: Buffer): Record<string, string> {
  pngSize(png);
  const texts: Record<string, string> = {};
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (png.readUInt32BE(at + 8 + length) !== crc32(png.subarray(at + 4, at + 8 + length))) throw new Error(`bad CRC in ${type}`);
    if (type === 'iTXt') {
      const keywordEnd = data.indexOf(0);
      const compressed = data[keywordEnd + 1] !== 0;
      const languageEnd = data.indexOf(0, keywordEnd + 3);
      const translatedEnd = data.indexOf(0, languageEnd + 1);
      if (!compressed) texts[data.toString('latin1', 0, keywordEnd)] = data.toString('utf8', translatedEnd + 1);
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return texts;
}
