import { describe, expect, it } from 'vitest';
import { moved, riyadhLocal } from './intents.ts';

describe('moved', () => {
  it('swaps an item with its neighbour, and leaves the list as it is at either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b'], -1, 1)).toEqual(['a', 'b']);
  });
});

describe('riyadhLocal', () => {
  it('shows an instant as the wall clock in Riyadh (UTC+03:00), as a datetime-local field takes it', () => {
    expect(riyadhLocal('2026-12-01T21:30:00.000Z')).toBe('2026-12-02T00:30');
    expect(riyadhLocal(null)).toBe('');
  });
});
