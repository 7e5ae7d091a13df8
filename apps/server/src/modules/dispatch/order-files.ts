import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DISPATCH_LIMITS, type OrderFileType } from '@cvrisk/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DispatchOrderFileTable } from '../../db/schema.js';
import { badInput } from '../../lib/errors.js';

/** Where order files live, under DATA_DIR, so a backup of DATA_DIR holds them with the database. */
export const ORDER_FILES_DIR = 'order-files';

const EXTENSION: Record<OrderFileType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/** The type a file really has, from its first bytes; a name or a claimed type proves nothing. */
export function sniffType(bytes: Buffer): OrderFileType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** Strict base64 (the console's FileReader output without its data: prefix). */
function decode(content: string): Buffer {
  const body = content.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) throw badInput('文件内容应为 base64');
  return Buffer.from(body, 'base64');
}

export function createOrderFiles(db: Db, dataDir: string) {
  const root = path.join(dataDir, ORDER_FILES_DIR);

  return {
    /** Checks a file and writes it for an order, durable on disk before any row names it. */
    async write(orderId: number, content: string): Promise<{ path: string; type: OrderFileType; size: number }> {
      const bytes = decode(content);
      if (bytes.length === 0) throw badInput('文件为空');
      if (bytes.length > DISPATCH_LIMITS.maxFileBytes) throw badInput('文件不能超过10MB');
      const type = sniffType(bytes);
      if (!type) throw badInput('仅支持图片（JPG、PNG、WebP）或PDF文件');
      const relative = path.posix.join(ORDER_FILES_DIR, String(orderId), `${crypto.randomBytes(12).toString('hex')}.${EXTENSION[type]}`);
      const target = path.join(dataDir, relative);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written beside, flushed, then renamed: a crash leaves either the whole file or none.
      const temporary = `${target}.part`;
      const handle = await fs.promises.open(temporary, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, target);
      return { path: relative, type, size: bytes.length };
    },

    insert(trx: Db, row: Insertable<DispatchOrderFileTable>) {
      return trx.insertInto('dispatch_order_file').values(row).returningAll().executeTakeFirstOrThrow();
    },

    list(orderId: number) {
      return db.selectFrom('dispatch_order_file').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    },

    count(orderId: number): Promise<number> {
      return db.selectFrom('dispatch_order_file').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow().then((r) => Number(r.n));
    },

    row(id: number) {
      return db.selectFrom('dispatch_order_file').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The stored file's bytes as a stream; the path is the row's, never the caller's. */
    open(relative: string): fs.ReadStream {
      const full = path.join(dataDir, relative);
      if (!full.startsWith(root + path.sep)) throw new Error(`order file outside ${root}: ${relative}`);
      return fs.createReadStream(full);
    },
  };
}

export type OrderFiles = ReturnType<typeof createOrderFiles>;
