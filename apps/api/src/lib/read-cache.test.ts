import { describe, expect, it } from 'vitest';
import { ChangeEvents } from './change-events.ts';
import { ReadCache } from './read-cache.ts';

describe('read cache', () => {
  it('reads each thing once until a change names its topic', async () => {
    const changes = new ChangeEvents();
    const cache = new ReadCache(changes);
    let reads = 0;
    const categories = (lang: 'ar' | 'en') =>
      cache.get('catalog', `categories:${lang}`, async () => `${lang}:${++reads}`);

    expect(await categories('ar')).toBe('ar:1');
    expect(await categories('ar')).toBe('ar:1');
    expect(await categories('en')).toBe('en:2');

    // Other topics, and a change to given products, leave the categories as they are.
    await changes.publish({ topic: 'settings' });
    await changes.publish({ topic: 'content' });
    await changes.publish({ topic: 'catalog', productIds: [1] });
    expect(await categories('ar')).toBe('ar:1');

    await changes.publish({ topic: 'catalog' });
    expect(await categories('ar')).toBe('ar:3');
    expect(await categories('en')).toBe('en:4');
    cache.close();
  });

  it('keeps a list of products until any product changes, one product until it changes', async () => {
    const changes = new ChangeEvents();
    const cache = new ReadCache(changes);
    let reads = 0;
    const offers = () => cache.get('catalog', 'offers', async () => ++reads, { showsProducts: true });
    const product7 = () =>
      cache.get('catalog', 'product:7', async () => ++reads, { showsProducts: true, productIds: [7] });
    expect(await offers()).toBe(1);
    expect(await product7()).toBe(2);
    await changes.publish({ topic: 'content' });
    expect(await offers()).toBe(1);
    await changes.publish({ topic: 'catalog', productIds: [8] });
    expect(await offers()).toBe(3);
    expect(await product7()).toBe(2);
    await changes.publish({ topic: 'catalog', productIds: [7, 9] });
    expect(await product7()).toBe(4);
    cache.close();
  });

  it('drops a read under way when the change comes, and tries a failed read again', async () => {
    const changes = new ChangeEvents();
    const cache = new ReadCache(changes);
    let release: (value: string) => void = () => {};
    const slow = cache.get('settings', 'settings', () => new Promise<string>((r) => (release = r)));
    await changes.publish({ topic: 'settings' });
    release('old');
    expect(await slow).toBe('old');
    expect(await cache.get('settings', 'settings', async () => 'new')).toBe('new');

    await expect(
      cache.get('content', 'sliders', () => Promise.reject(new Error('database away'))),
    ).rejects.toThrow('database away');
    expect(await cache.get('content', 'sliders', async () => 'back')).toBe('back');
    cache.close();
  });

  it('answers everyone asking for a read under way with that one read', async () => {
    const cache = new ReadCache(new ChangeEvents());
    let reads = 0;
    let release: () => void = () => {};
    const load = () => new Promise<number>((r) => (release = () => r(++reads)));
    const first = cache.get('catalog', 'search:galaxy', load, { showsProducts: true });
    const second = cache.get('catalog', 'search:galaxy', load, { showsProducts: true });
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    cache.close();
  });

  it('cancels a read only when every client waiting for it went away', async () => {
    const cache = new ReadCache(new ChangeEvents());
    const load = (signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('cancelled')));
        setTimeout(() => resolve('answer'), 50);
      });
    const a = new AbortController();
    const b = new AbortController();
    const first = cache.get('catalog', 'search:one', load, { signal: a.signal });
    const second = cache.get('catalog', 'search:one', load, { signal: b.signal });
    a.abort(new Error('gone'));
    // One client is still there: the read goes on and both get its answer.
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);

    const c = new AbortController();
    const d = new AbortController();
    const third = cache.get('catalog', 'search:two', load, { signal: c.signal });
    const fourth = cache.get('catalog', 'search:two', load, { signal: d.signal });
    c.abort(new Error('gone'));
    d.abort(new Error('gone'));
    await expect(third).rejects.toThrow('cancelled');
    await expect(fourth).rejects.toThrow('cancelled');
    // Not kept: the next client reads again.
    expect(await cache.get('catalog', 'search:two', async () => 'again')).toBe('again');
    cache.close();
  });

  it('keeps at most its bound, dropping the least recently used first', async () => {
    const cache = new ReadCache(new ChangeEvents(), 2);
    let reads = 0;
    const read = (key: string) => cache.get('catalog', key, async () => `${key}:${++reads}`);
    expect(await read('a')).toBe('a:1');
    expect(await read('b')).toBe('b:2');
    expect(await read('a')).toBe('a:1');
    expect(await read('c')).toBe('c:3');
    expect(cache.size).toBe(2);
    expect(await read('a')).toBe('a:1');
    expect(await read('b')).toBe('b:4');
    cache.close();
  });
});
