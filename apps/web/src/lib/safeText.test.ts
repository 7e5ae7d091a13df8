import { describe, expect, it } from 'vitest';
import { escapeHtml, textElement } from './safeText';

const HOSTILE = `<img src=x onerror="window.__xss=1"><b>x</b> & 'y'`;

describe('text that may hold markup', () => {
  it('is escaped where only an HTML string is taken, and reads back as typed', () => {
    const escaped = escapeHtml(HOSTILE);
    expect(escaped).toBe('&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;&lt;b&gt;x&lt;/b&gt; &amp; &#39;y&#39;');
    const host = document.createElement('div');
    host.innerHTML = escaped;
    expect(host.children).toHaveLength(0);
    expect(host.textContent).toBe(HOSTILE);
  });

  it('becomes an element holding it as text, a block per line', () => {
    const one = textElement(HOSTILE, { className: 'tip', tag: 'span' });
    expect([one.tagName, one.className, one.textContent, one.children.length]).toEqual(['SPAN', 'tip', HOSTILE, 0]);
    const lines = textElement(`疑似居住地点\n${HOSTILE}\n3晚`);
    expect([...lines.children].map((c) => [c.tagName, c.textContent, c.children.length])).toEqual([
      ['DIV', '疑似居住地点', 0],
      ['DIV', HOSTILE, 0],
      ['DIV', '3晚', 0],
    ]);
    expect(lines.querySelector('img, b')).toBeNull();
  });
});
