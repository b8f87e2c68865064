import { describe, expect, it } from 'vitest';
import { ChangeEvents } from '../../lib/change-events.ts';
import { NearStaticCache } from './near-static.ts';

describe('near-static cache', () => {
  it('reads each thing once per language until a change names its topic', async () => {
    const changes = new ChangeEvents();
    const cache = new NearStaticCache(changes);
    let reads = 0;
    const categories = (lang: 'ar' | 'en') =>
      cache.get('catalog', 'categories', lang, async () => `${lang}:${++reads}`);

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

  it('keeps a list of products until any product changes', async () => {
    const changes = new ChangeEvents();
    const cache = new NearStaticCache(changes);
    let reads = 0;
    const offers = () => cache.get('catalog', 'offers', 'ar', async () => ++reads, { showsProducts: true });
    expect(await offers()).toBe(1);
    await changes.publish({ topic: 'content' });
    expect(await offers()).toBe(1);
    await changes.publish({ topic: 'catalog', productIds: [7] });
    expect(await offers()).toBe(2);
    cache.close();
  });

  it('drops a read under way when the change comes, and tries a failed read again', async () => {
    const changes = new ChangeEvents();
    const cache = new NearStaticCache(changes);
    let release: (value: string) => void = () => {};
    const slow = cache.get('settings', 'settings', 'ar', () => new Promise<string>((r) => (release = r)));
    await changes.publish({ topic: 'settings' });
    release('old');
    expect(await slow).toBe('old');
    expect(await cache.get('settings', 'settings', 'ar', async () => 'new')).toBe('new');

    await expect(
      cache.get('content', 'sliders', '', () => Promise.reject(new Error('database away'))),
    ).rejects.toThrow('database away');
    expect(await cache.get('content', 'sliders', '', async () => 'back')).toBe('back');
    cache.close();
  });
});
