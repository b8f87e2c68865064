import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager-items.ts';

describe('pagerItems (2 margin pages, 3 range pages)', () => {
  it('shows every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(1, 0)).toEqual([]);
  });

  it('keeps two pages at each end and three around the current page', () => {
    expect(pagerItems(10, 20)).toEqual([1, 2, 'gap', 9, 10, 11, 'gap', 19, 20]);
  });

  it('keeps three range pages at the edges', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 'gap', 19, 20]);
    expect(pagerItems(20, 20)).toEqual([1, 2, 'gap', 18, 19, 20]);
  });

  it('shows a lone hidden page instead of a gap', () => {
    expect(pagerItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 19, 20]);
  });
});
