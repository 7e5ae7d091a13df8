import { strFromU8, unzipSync } from 'fflate';

/**
 * Which cells of an .xlsx carry the quotePrefix style (text shown as typed, never taken for a formula),
 * by reference, read from the file's own XML: ExcelJS and lib/xlsx-read do not read that attribute.
 * Each cell's text too (inline strings; numbers as written), so a test can tell what was marked.
 */
export function quotePrefixedCells(file: Uint8Array): Map<string, { quoted: boolean; text: string | null; number: boolean }> {
  const parts = unzipSync(file);
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(strFromU8(parts['xl/styles.xml']!))![1]!;
  const prefixed = [...xfs.matchAll(/<xf\b[^>]*>/g)].map((m) => /\bquotePrefix="1"/.test(m[0]));
  const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  const cells = new Map<string, { quoted: boolean; text: string | null; number: boolean }>();
  for (const m of sheet.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?( t="inlineStr")?>([\s\S]*?)<\/c>/g)) {
    const text = m[3] ? unescape(/<t[^>]*>([\s\S]*?)<\/t>/.exec(m[4]!)?.[1] ?? '') : (/<v>([^<]*)<\/v>/.exec(m[4]!)?.[1] ?? null);
    cells.set(m[1]!, { quoted: prefixed[Number(m[2] ?? 0)] ?? false, text, number: !m[3] });
  }
  return cells;
}
