import { describe, expect, it } from 'vitest';
import { compassWord, formatHeading } from './compass';

describe('compass word', () => {
  it('names the eight points in both languages', () => {
    const points = [0, 45, 90, 135, 180, 225, 270, 315];
    expect(points.map((d) => compassWord(d, 'zh'))).toEqual(['北', '东北', '东', '东南', '南', '西南', '西', '西北']);
    expect(points.map((d) => compassWord(d, 'en'))).toEqual(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
  });

  it('splits the sectors half-way between points', () => {
    expect(compassWord(22.4, 'zh')).toBe('北');
    expect(compassWord(22.5, 'zh')).toBe('东北');
    expect(compassWord(337.4, 'zh')).toBe('西北');
    expect(compassWord(337.5, 'zh')).toBe('北');
    expect(compassWord(359, 'zh')).toBe('北');
  });

  it('accepts directions outside 0–359', () => {
    expect(compassWord(360, 'zh')).toBe('北');
    expect(compassWord(450, 'en')).toBe('E');
    expect(compassWord(-90, 'en')).toBe('W');
  });

  it('shows the degrees with the word', () => {
    expect(formatHeading(350, 'zh')).toBe('350° 北');
    expect(formatHeading(134.6, 'en')).toBe('135° SE');
  });
});
