// A minimal ustar (POSIX tar) writer and reader: enough for a PostgreSQL data folder (regular files
// and folders, names under 256 bytes, files under 8 GiB). A physical backup is such a tar, gzipped,
// so it can also be unpacked by hand with `tar xzf` (docs/operations.md).

const BLOCK = 512;

export type TarEntry = { name: string; type: 'file' | 'dir'; mode: number; size: number; mtime: number };

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  // ustar: a name over 100 bytes is split at a slash into prefix (≤155) and name (≤100).
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`tar: name too long: ${name}`);
}

/** The 512-byte header of one entry. */
export function tarHeader(entry: TarEntry): Buffer {
  if (entry.size >= 8 ** 11) throw new Error(`tar: file too large: ${entry.name}`);
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.type === 'dir' && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name);
  header.write(base, 0, 100, 'utf8');
  header.write(octal(entry.mode & 0o7777, 8), 100, 8, 'ascii');
  header.write(octal(0, 8), 108, 8, 'ascii'); // uid
  header.write(octal(0, 8), 116, 8, 'ascii'); // gid
  header.write(octal(entry.type === 'dir' ? 0 : entry.size, 12), 124, 12, 'ascii');
  header.write(octal(Math.floor(entry.mtime), 12), 136, 12, 'ascii');
  header.write('        ', 148, 8, 'ascii'); // checksum placeholder: spaces while summing
  header.write(entry.type === 'dir' ? '5' : '0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148, 8, 'ascii');
  return header;
}

/** Zero bytes that pad `size` bytes of content to a whole block. */
export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** Two zero blocks end an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly source: AsyncIterator<Buffer>;
  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }
  /** Up to `max` bytes (at least 1), or undefined at the end of the stream. */
  async some(max: number): Promise<Buffer | undefined> {
    if (this.length === 0) {
      const next = await this.source.next();
      if (next.done) return undefined;
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    const first = this.buffered[0]!;
    if (first.length <= max) {
      this.buffered.shift();
      this.length -= first.length;
      return first;
    }
    this.buffered[0] = first.subarray(max);
    this.length -= max;
    return first.subarray(0, max);
  }
  async exactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      const part = await this.some(n - got);
      if (!part) throw new Error('tar: the archive ends in the middle of an entry (truncated file)');
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts, n);
  }
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/**
 * Reads a tar stream: calls `onEntry` for each entry with an async iterable of its content, which
 * it must consume fully before returning.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry, content: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const reader = new ByteReader(source);
  for (;;) {
    const header = await reader.exactly(BLOCK);
    if (header.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (parseInt(field(header, 148, 8).trim(), 8) !== sum) throw new Error('tar: a header checksum is wrong (not a backup archive, or damaged)');
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const typeflag = field(header, 156, 1);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const entry: TarEntry = {
      name: name.replace(/\/$/, ''),
      type: typeflag === '5' ? 'dir' : 'file',
      mode: parseInt(field(header, 100, 8).trim() || '0', 8),
      size,
      mtime: parseInt(field(header, 136, 12).trim() || '0', 8),
    };
    if (typeflag !== '0' && typeflag !== '' && typeflag !== '5') throw new Error(`tar: unsupported entry type "${typeflag}" for ${entry.name}`);
    let left = entry.type === 'file' ? size : 0;
    const content = (async function* () {
      while (left > 0) {
        const part = await reader.exactly(Math.min(left, 1 << 20));
        left -= part.length;
        yield part;
      }
    })();
    await onEntry(entry, content);
    for await (const rest of content) void rest; // whatever the callback left unread
    if (left > 0) throw new Error(`tar: ${entry.name} was not read to its end`);
    await reader.exactly(tarPadding(entry.type === 'file' ? size : 0).length);
  }
}
