import { Readable } from 'node:stream';
import yazl from 'yazl';

/** One file of the archive: its name and its content, produced as it is read. */
export type ZipEntry = { name: string; content: AsyncIterable<Buffer> | Buffer };

/**
 * A ZIP archive written as a stream by yazl: each entry is deflated while its content is produced, and
 * ZIP64 records are written where an entry or the archive passes 4 GB. The consumer's pace sets the
 * producer's (a streamed content is read only as the output drains), and when the reader goes away
 * (a closed download) the contents are destroyed, which ends their producers.
 *
 * The entries may come as they are known (an async iterable): the next is asked for once the previous
 * was added, so a producer may wait for an entry's content to end before deciding what follows (an
 * export's next sheet). The archive ends after the last.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, now = new Date()): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  const sources: Readable[] = [];
  const fail = (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err)));
  const add = (entry: ZipEntry) => {
    const options = { mtime: now, compressionLevel: 6 };
    if (Buffer.isBuffer(entry.content)) {
      zip.addBuffer(entry.content, entry.name, options);
      return;
    }
    // Byte mode, so the source reads ahead by at most one chunk (a page of rows), not sixteen.
    const source = Readable.from(entry.content, { objectMode: false });
    source.on('error', fail);
    sources.push(source);
    zip.addReadStreamLazy(entry.name, options, (cb) => cb(null, source));
  };
  zip.on('error', fail);
  out.once('close', () => {
    for (const s of sources) s.destroy();
  });
  if (Symbol.iterator in entries) {
    for (const entry of entries) add(entry);
    zip.end();
  } else {
    void (async () => {
      for await (const entry of entries) {
        if (out.destroyed) break;
        add(entry);
      }
      if (!out.destroyed) zip.end();
    })().catch(fail);
  }
  return out;
}
