import { Readable } from 'node:stream';
import yazl from 'yazl';

/** One file of the archive: its name and its content, produced as it is read. */
export type ZipEntry = { name: string; content: AsyncIterable<Buffer> | Buffer };

/**
 * A ZIP archive written as a stream by yazl: each entry is deflated while its content is produced, and
 * ZIP64 records are written where an entry or the archive passes 4 GB. The consumer's pace sets the
 * producer's (a streamed content is read only as the output drains), and when the reader goes away
 * (a closed download) the contents are destroyed, which ends their producers.
 */
export function zipStream(entries: Iterable<ZipEntry>, now = new Date()): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  const sources: Readable[] = [];
  const fail = (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err)));
  for (const entry of entries) {
    const options = { mtime: now, compressionLevel: 6 };
    if (Buffer.isBuffer(entry.content)) {
      zip.addBuffer(entry.content, entry.name, options);
      continue;
    }
    // Byte mode, so the source reads ahead by at most one chunk (a page of rows), not sixteen.
    const source = Readable.from(entry.content, { objectMode: false });
    source.on('error', fail);
    sources.push(source);
    zip.addReadStreamLazy(entry.name, options, (cb) => cb(null, source));
  }
  zip.on('error', fail);
  zip.end();
  out.once('close', () => {
    for (const s of sources) s.destroy();
  });
  return out;
}
