import { EventEmitter } from 'node:events';

/**
 * What a change touched, as the caches that hold shopper-visible data understand it:
 * - `catalog`: products, prices, stock, categories or brands (with the product ids when known);
 * - `content`: sliders, agents, info pages;
 * - `settings`: the shop's settings (fees, contact details, opening hours);
 * - `promotions`: an automatic promotion saved, started or ended (the prices shown change, the
 *   products' rows do not).
 */
export type ChangeTopic = 'catalog' | 'content' | 'settings' | 'promotions';

export interface ChangeEvent {
  topic: ChangeTopic;
  /** The products the change touched; absent when it may have touched any of them. */
  productIds?: number[];
}

/** Where an event was published: in this process, or in another one (through the transport). */
export type ChangeOrigin = 'here' | 'elsewhere';

export type ChangeListener = (event: ChangeEvent, origin: ChangeOrigin) => void;

/**
 * Carries events between processes (Redis pub/sub, PostgreSQL LISTEN/NOTIFY). `send` is
 * called for every event published here; `start` hands over events published by others.
 */
export interface ChangeTransport {
  send(event: ChangeEvent): Promise<void>;
  start(receive: (event: ChangeEvent) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * The change bus. A service that changes what shoppers see publishes after its transaction
 * commits (never inside it: a rolled-back change must not empty a cache for nothing, and a
 * cache refilled before the commit would keep the old data). Listeners run synchronously in
 * this process; a transport, when set, carries the event to every other process of the shop.
 */
export class ChangeEvents {
  readonly #emitter = new EventEmitter();
  #transport: ChangeTransport | undefined;

  constructor() {
    // Every cache of every module listens: more than EventEmitter's default of 10.
    this.#emitter.setMaxListeners(100);
  }

  /** Listens to every change, published here or in another process. Returns the unsubscribe. */
  on(listener: ChangeListener): () => void {
    this.#emitter.on('change', listener);
    return () => this.#emitter.off('change', listener);
  }

  /** Tells this process's listeners at once, then the other processes through the transport. */
  async publish(event: ChangeEvent): Promise<void> {
    this.#emitter.emit('change', event, 'here');
    await this.#transport?.send(event);
  }

  async useTransport(transport: ChangeTransport): Promise<void> {
    this.#transport = transport;
    await transport.start((event) => this.#emitter.emit('change', event, 'elsewhere'));
  }

  async close(): Promise<void> {
    await this.#transport?.close();
    this.#transport = undefined;
    this.#emitter.removeAllListeners();
  }
}
