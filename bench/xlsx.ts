// The .xlsx writer alone (no database, no HTTP): a month of warnings (BENCH_ROWS, default 100,000)
// in 250-row pages, the columns of the warning export, through `xlsxStream`. The baseline, in the same
// run, is the sheet's XML deflated with no ZIP container around it: the ratio is what the container
// costs. Each writer runs BENCH_ROUNDS times, interleaved; the best round counts (wall time, and
// CPU time of the process, which a busy machine disturbs less).
import { once } from 'node:events';
import zlib from 'node:zlib';
import type { WarningListItem } from '@cvrisk/contracts';
import { WARNING_EXPORT_COLUMNS } from '../apps/server/src/modules/warning/warning.export.js';
import { xlsxEntries, xlsxStream } from '../apps/server/src/lib/xlsx.js';
import { fmt } from './lib.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 250;

const TYPES = ['断电报警', '离线报警', '出围栏报警', '长时间停留', '进入风险点'];
const row = (i: number): WarningListItem => ({
  id: i + 1,
  warningType: 1,
  warningTypeName: TYPES[i % TYPES.length]!,
  riskLevel: ((i % 3) + 1) as 1 | 2 | 3,
  compound: i % 7 === 0,
  dealStatus: (i % 20 === 0 ? 0 : 1) as 0 | 1,
  deviceNumber: `86${String(1_000_000_000 + (i % 10_000) * 37).padStart(13, '0')}`,
  customerName: `客户${i % 5000}`,
  customerPhone: `138****${String(i % 10_000).padStart(4, '0')}`,
  warningTime: `2026-10-${String(1 + (i % 30)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
  plateNumber: `浙A${String(10_000 + (i % 90_000))}`,
  carFrameNumber: `LSVAU2180N${String(2_000_000 + i).padStart(7, '0')}`,
  carid: i % 10_000,
  deptId: 1 + (i % 12),
  deptName: `杭州第${1 + (i % 12)}汽车销售服务有限公司`,
  dealTime: i % 20 === 0 ? null : `2026-10-${String(1 + (i % 30)).padStart(2, '0')} 18:00:00`,
  dealUserName: i % 20 === 0 ? null : '风控专员',
  dealDescription: i % 20 === 0 ? null : '已电话联系客户，确认车辆正常使用',
});

async function* pages(): AsyncGenerator<WarningListItem[]> {
  for (let start = 0; start < ROWS; start += PAGE) {
    yield Array.from({ length: Math.min(PAGE, ROWS - start) }, (_, k) => row(start + k));
  }
}

async function drain(chunks: AsyncIterable<Buffer>): Promise<number> {
  let bytes = 0;
  for await (const c of chunks) bytes += c.length;
  return bytes;
}

/** The first sheet's XML as the writer produces it (the entries are not closed: that would close the pages). */
async function sheetXml(): Promise<AsyncIterable<Buffer>> {
  const entries = xlsxEntries(WARNING_EXPORT_COLUMNS, pages())[Symbol.asyncIterator]();
  for (;;) {
    const entry = await entries.next();
    if (entry.done) throw new Error('the workbook has no sheet');
    if (entry.value.name.startsWith('xl/worksheets/')) return entry.value.content as AsyncIterable<Buffer>;
  }
}

/** The sheet's XML through a raw deflate stream, no container: the floor for any ZIP library. */
async function bareDeflate(): Promise<number> {
  const sheet = await sheetXml();
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const feeding = (async () => {
    for await (const chunk of sheet) {
      zlib.crc32(chunk);
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    deflate.end();
  })();
  const bytes = await drain(deflate);
  await feeding;
  return bytes;
}

const writers: Record<string, () => Promise<number>> = {
  'xlsxStream (the writer)': () => drain(xlsxStream(WARNING_EXPORT_COLUMNS, pages())),
  'bare deflate of the sheet (baseline)': bareDeflate,
  'sheet XML only, not compressed': async () => drain(await sheetXml()),
};

const best: Record<string, { s: number; cpu: number; bytes: number }> = {};
for (let round = 1; round <= ROUNDS; round++) {
  for (const [name, run] of Object.entries(writers)) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const bytes = await run();
    const s = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu0);
    const cpu = (used.user + used.system) / 1e6;
    process.stderr.write(`round ${round} ${name}: ${s.toFixed(2)} s, ${cpu.toFixed(2)} CPU s, ${fmt(bytes)} bytes\n`);
    if (!best[name] || s < best[name].s) best[name] = { s, cpu: Math.min(cpu, best[name]?.cpu ?? Infinity), bytes };
    else best[name].cpu = Math.min(best[name].cpu, cpu);
  }
}

const base = best['bare deflate of the sheet (baseline)']!;
console.log(`${fmt(ROWS)} rows, ${WARNING_EXPORT_COLUMNS.length} columns, pages of ${PAGE}, best of ${ROUNDS}`);
console.log('| writer | s | rows/s | CPU s | MB | rows/s vs baseline | CPU vs baseline |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, r] of Object.entries(best)) {
  console.log(`| ${name} | ${r.s.toFixed(2)} | ${fmt(Math.round(ROWS / r.s))} | ${r.cpu.toFixed(2)} | ${(r.bytes / 1e6).toFixed(1)} | ${(base.s / r.s).toFixed(2)}× | ${(r.cpu / base.cpu).toFixed(2)}× |`);
}
