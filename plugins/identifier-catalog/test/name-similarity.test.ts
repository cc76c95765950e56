import { describe, expect, it } from 'vitest';
import { AliasTable } from '../src/alias-table.ts';
import { nameSimilarity, normalizeName } from '../src/name-similarity.ts';

describe('nameSimilarity', () => {
  it.each([
    ['Show Name', 'Show Name', 1],
    ['Showname', 'Show Name', 1],
    ['The Office', 'The Office', 1],
    ['Office', 'The Office', 1],
    ['27 Dresses', '27 Dresses', 1],
    ["A Hard Day's Night", 'A Hard Day’s Night', 1],
    ['Amelie', 'Amélie', 1],
    ['Mash', 'M*A*S*H', 1],
    ['Got', 'Game of Thrones', 0.9],
  ])('%o ≈ %o: %d', (label, name, expected) => {
    expect(nameSimilarity(label, name)).toBeCloseTo(expected, 5);
  });

  it('ranks the right show above near misses', () => {
    const label = 'Breaking Bad';
    const scores = ['Breaking Bad', 'Breaking Badly', 'Bad Breaking News', 'Breaking Away'].map((n) =>
      nameSimilarity(label, n),
    );
    expect(scores[0]).toBe(1);
    expect(scores[0]! > scores[1]! && scores[1]! > scores[3]!).toBe(true);
  });

  it('gives a part of a long title a medium score, and unrelated names a low one', () => {
    expect(nameSimilarity('Lord of the Rings', 'The Lord of the Rings: The Fellowship of the Ring')).toBeGreaterThan(
      0.5,
    );
    expect(nameSimilarity('Lord of the Rings', 'The Lord of the Rings: The Fellowship of the Ring')).toBeLessThan(0.8);
    expect(nameSimilarity('Dune', 'Friends')).toBeLessThan(0.3);
  });

  it('reads a squeezed abbreviation (CHRISCRL) as a weak hint only', () => {
    const score = nameSimilarity('Chriscrl', 'A Christmas Carol');
    expect(score).toBeGreaterThan(0.4);
    expect(score).toBeLessThanOrEqual(0.7);
    expect(nameSimilarity('Chriscrl', 'Carol')).toBeLessThan(0.4);
  });

  it('answers 0 for empty names', () => {
    expect(nameSimilarity('', 'Dune')).toBe(0);
    expect(normalizeName(' Tom & Jerry! ')).toBe('tom and jerry');
  });
});

describe('AliasTable', () => {
  const table = new AliasTable({ BBCDVD1550: 'Planet Earth', ds9: 'Deep Space Nine (mine)' });

  it('expands an abbreviated word and drops the words the expansion repeats', () => {
    expect(new AliasTable().expand('Star Trek DS9')).toBe('Star Trek: Deep Space Nine');
    expect(new AliasTable().expand('DS9')).toBe('Star Trek: Deep Space Nine');
    expect(new AliasTable().expand('Bsg Season')).toBe('Battlestar Galactica season');
    expect(new AliasTable().expand('Breaking Bad')).toBeNull();
  });

  it('takes user aliases for whole labels and lets them override built-in ones', () => {
    expect(table.whole('BBCDVD1550')).toBe('Planet Earth');
    expect(table.whole('bbcdvd1550')).toBe('Planet Earth');
    expect(table.expand('DS9')).toBe('Deep Space Nine (mine)');
  });
});
