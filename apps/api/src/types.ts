import type { Lang } from '@shop/contract';
import type { Config } from './config.ts';
import type { ChangeEvents } from './lib/change-events.ts';
import type { Db } from './db/client.ts';
import type { SessionUser } from './lib/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Changes to what shoppers see, for the caches to drop what a change touched. */
    changes: ChangeEvents;
    /** How changes reach the shop's other processes (lib/change-transport.ts). */
    changeTransport: 'redis' | 'postgres' | 'in-process';
  }
  interface FastifyRequest {
    /** The request's language: `?lang=`, then Accept-Language, else Arabic. */
    lang: Lang;
    /** The signed-in shopper (session cookie or Bearer token), or null. See lib/session.ts. */
    user: SessionUser | null;
    /** The id of the session that authenticated the request, or null. */
    sessionId: number | null;
  }
}
