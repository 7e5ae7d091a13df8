import { once } from 'node:events';
import zlib from 'node:zlib';

/** One file of the archive: its name and its content, produced as it is read. */
export type ZipEntry = { name: string; content: AsyncIterable<Buffer> | Buffer };

/** The ZIP format's 32-bit fields; past this an entry would need ZIP64, which this writer does not do. */
const MAX_32 = 0xffffffff;
/** General purpose flags: sizes and CRC follow the data (bit 3), names are UTF-8 (bit 11). */
const FLAGS = 0x0808;
const DEFLATE = 8;

async function* chunksOf(content: AsyncIterable<Buffer> | Buffer): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(content)) yield content;
  else yield* content;
}

/** MS-DOS time and date of a moment, as the ZIP headers store them (local time of the server). */
function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

type Written = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

/**
 * A ZIP archive written as a stream: each entry is deflated while its content is produced, its CRC and
 * sizes follow it in a data descriptor, and the central directory closes the archive. Nothing is held
 * but the chunk in hand, and the consumer's pace sets the producer's (the generator runs only when read).
 */
export async function* zipStream(entries: Iterable<ZipEntry>, now = new Date()): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(now);
  const written: Written[] = [];
  let offset = 0;

  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes (14–25) stay zero: the data descriptor carries them.
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.concat([local, name]);
    yield header;

    const w: Written = { name, crc: 0, compressed: 0, size: 0, offset };
    const deflate = zlib.createDeflateRaw({ level: 6 });
    // Aborted when the reader goes away (a closed download): the content's producer stops with it.
    const gone = new AbortController();
    const feeding = (async () => {
      for await (const chunk of chunksOf(entry.content)) {
        w.crc = zlib.crc32(chunk, w.crc);
        w.size += chunk.length;
        if (!deflate.write(chunk)) await once(deflate, 'drain', { signal: gone.signal });
      }
      deflate.end();
    })().catch((err: unknown) => {
      deflate.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    try {
      for await (const out of deflate as AsyncIterable<Buffer>) {
        w.compressed += out.length;
        yield out;
      }
    } finally {
      gone.abort();
      await feeding;
    }
    if (w.size > MAX_32 || w.compressed > MAX_32) throw new Error(`${entry.name} is larger than 4 GB, beyond what a ZIP without ZIP64 holds`);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(w.crc, 4);
    descriptor.writeUInt32LE(w.compressed, 8);
    descriptor.writeUInt32LE(w.size, 12);
    yield descriptor;
    written.push(w);
    offset += header.length + w.compressed + descriptor.length;
  }

  const directory: Buffer[] = [];
  for (const w of written) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(w.crc, 16);
    central.writeUInt32LE(w.compressed, 20);
    central.writeUInt32LE(w.size, 24);
    central.writeUInt16LE(w.name.length, 28);
    central.writeUInt32LE(w.offset, 42);
    directory.push(central, w.name);
  }
  const body = Buffer.concat(directory);
  if (offset > MAX_32) throw new Error('the archive is larger than 4 GB, beyond what a ZIP without ZIP64 holds');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(body.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([body, end]);
}
