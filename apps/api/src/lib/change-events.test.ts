import { describe, expect, it } from 'vitest';
import { ChangeEvents, type ChangeEvent, type ChangeTransport } from './change-events.ts';

/** Two buses joined the way Redis pub/sub joins two processes: each hears what the other sends. */
function linkedTransports(): [ChangeTransport, ChangeTransport] {
  const receivers: ((event: ChangeEvent) => void)[] = [];
  const make = (index: number): ChangeTransport => ({
    async send(event) {
      receivers[1 - index]?.(event);
    },
    async start(receive) {
      receivers[index] = receive;
    },
    async close() {},
  });
  return [make(0), make(1)];
}

describe('change events', () => {
  it('tells listeners in this process, and stops after unsubscribe', async () => {
    const bus = new ChangeEvents();
    const heard: ChangeEvent[] = [];
    const off = bus.on((event) => heard.push(event));
    await bus.publish({ topic: 'catalog', productIds: [7] });
    off();
    await bus.publish({ topic: 'settings' });
    expect(heard).toEqual([{ topic: 'catalog', productIds: [7] }]);
  });

  it('carries an event to the other process through the transport, once', async () => {
    const [a, b] = linkedTransports();
    const first = new ChangeEvents();
    const second = new ChangeEvents();
    await first.useTransport(a);
    await second.useTransport(b);
    const heardFirst: ChangeEvent[] = [];
    const heardSecond: ChangeEvent[] = [];
    first.on((event) => heardFirst.push(event));
    second.on((event) => heardSecond.push(event));
    await first.publish({ topic: 'content' });
    expect(heardFirst).toEqual([{ topic: 'content' }]);
    expect(heardSecond).toEqual([{ topic: 'content' }]);
  });
});
