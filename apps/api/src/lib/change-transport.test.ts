import { describe, expect, it } from 'vitest';
import { databaseIdentity, decodeEnvelope, encodeEnvelope, redisChannel } from './change-transport.ts';

describe('change messages between processes', () => {
  it('carry the event and its sender', () => {
    const text = encodeEnvelope({ origin: 'p1', event: { topic: 'catalog', productIds: [3, 5] } });
    expect(decodeEnvelope(text)).toEqual({ origin: 'p1', event: { topic: 'catalog', productIds: [3, 5] } });
  });

  it('carry "any product" when the ids would not fit in a PostgreSQL notification', () => {
    const productIds = Array.from({ length: 5_000 }, (_, i) => 100_000 + i);
    const text = encodeEnvelope({ origin: 'p1', event: { topic: 'catalog', productIds } });
    expect(Buffer.byteLength(text)).toBeLessThan(8_000);
    expect(decodeEnvelope(text)).toEqual({ origin: 'p1', event: { topic: 'catalog' } });
  });

  it('ignore what is not one of ours', () => {
    expect(decodeEnvelope('not json')).toBeNull();
    expect(decodeEnvelope(JSON.stringify({ origin: 'p1', event: { topic: 'orders' } }))).toBeNull();
    expect(
      decodeEnvelope(JSON.stringify({ origin: 'p1', event: { topic: 'catalog', productIds: ['x'] } })),
    ).toBeNull();
    expect(decodeEnvelope(JSON.stringify({ event: { topic: 'catalog' } }))).toBeNull();
  });

  it('go on a Redis channel per database that names neither user nor password', () => {
    const one = redisChannel(
      databaseIdentity({ databaseUrl: 'postgres://shop:secret@db:5432/shop', dataDir: '' }),
    );
    const same = redisChannel(databaseIdentity({ databaseUrl: 'postgres://other:pw@db/shop', dataDir: '' }));
    const another = redisChannel(
      databaseIdentity({ databaseUrl: 'postgres://shop:secret@db:5432/test', dataDir: '' }),
    );
    expect(one).toBe(same);
    expect(one).not.toBe(another);
    expect(one).not.toMatch(/secret/);
  });
});
