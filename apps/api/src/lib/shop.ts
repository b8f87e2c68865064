import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { ChangeEvents } from './change-events.ts';
import type { Fatoora } from './fatoora.ts';
import type { Mailer } from './mail.ts';
import type { ReadCache } from './read-cache.ts';

/** The outbox's sender of this process (decision 215). */
export interface MessageOutbox {
  kick(): void;
}

/**
 * What the use cases and views of one shop process share: its database, configuration, log,
 * mail, change bus and read cache. buildApp (app.ts) makes it once; the HTTP routes and the
 * pages' load context hand it down. A use case or view takes the whole or the part it needs
 * (`Pick<Shop, 'db' | 'changes'>`), never the HTTP server itself.
 */
export interface Shop {
  readonly db: Db;
  readonly database: Database;
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  /** Changes to what shoppers see, for the caches to drop what a change touched. */
  readonly changes: ChangeEvents;
  /** Outgoing mail: SMTP_URL, or the outbox folder without it. */
  readonly mailer: Mailer;
  /** Public reads shared by every visitor, dropped on change. */
  readonly readCache: ReadCache;
  /** The shopper messages' outbox: `kick` sends what a change just queued, without waiting for the next run. */
  readonly messages: MessageOutbox;
  /** ZATCA's Fatoora API, or the local simulator (e-invoicing). */
  readonly fatoora: Fatoora;
  /**
   * The origin every absolute link starts with (PUBLIC_URL, else the listening address; see
   * public-origin.ts). A function: the listening address is known only once the server listens.
   */
  origin(): string;
}
