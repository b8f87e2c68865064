import type { FastifyReply } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { AdmissionGate } from '../../lib/admission.ts';

/**
 * The catalog's costly reads — search and paged listings — behind one gate each, shared by the
 * API routes and the storefront's pages, so a burst of one kind is answered 503 quickly (the
 * pages show the "busy, try again" page) and leaves connections for the rest of the shop. A
 * read whose client went away leaves the queue, and on PostgreSQL its statement is cancelled.
 */
export interface CatalogReads {
  search<T>(signal: AbortSignal | undefined, work: (db: Db) => Promise<T>): Promise<T>;
  listing<T>(signal: AbortSignal | undefined, work: (db: Db) => Promise<T>): Promise<T>;
}

export function catalogReadGates(database: Database, poolSize: number): CatalogReads {
  // The embedded database runs one statement at a time, so more than a few at once only queue.
  const connections = database.kind === 'postgres' ? poolSize : 4;
  const searchGate = new AdmissionGate({
    name: 'search',
    concurrency: Math.max(1, Math.floor(connections / 2)),
    queue: 4 * connections,
    maxWaitMs: 2000,
  });
  const listingGate = new AdmissionGate({
    name: 'listing',
    concurrency: Math.max(1, connections - 1),
    queue: 8 * connections,
    maxWaitMs: 2000,
  });
  const through =
    (gate: AdmissionGate) =>
    <T>(signal: AbortSignal | undefined, work: (db: Db) => Promise<T>) =>
      gate.run(() => database.cancellable(signal, work), signal);
  return { search: through(searchGate), listing: through(listingGate) };
}

/** Aborts when the client goes away before its answer is sent. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client went away'));
  });
  return controller.signal;
}
