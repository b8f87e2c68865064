import { FatooraClient, startFatooraSimulator, type FatooraSimulator } from '@shop/zatca';
import type { Config } from '../config.ts';
import { providerFetch } from './tracing.ts';

/** A span for each call to Fatoora (or the simulator) while tracing is on. */
const fatooraFetch = providerFetch('fatoora');

/**
 * The shop's one way to Fatoora: ZATCA's API at ZATCA_API_URL, or, without it, the local
 * simulator of `@shop/zatca`, started in this process the first time it is needed (so `npm
 * start` and the tests work without ZATCA credentials). The simulator keeps its certificates in
 * memory: a unit onboarded with it reports only until the process stops.
 */
export class Fatoora {
  #simulator: Promise<FatooraSimulator> | undefined;

  constructor(private readonly config: Pick<Config, 'zatca'>) {}

  /** The address written on a unit onboarded now (`simulator` for the local one). */
  get address(): string {
    return this.config.zatca.apiUrl ?? 'simulator';
  }

  get environment(): Config['zatca']['environment'] {
    return this.config.zatca.environment;
  }

  async client(language: 'ar' | 'en' = 'en'): Promise<FatooraClient> {
    if (this.config.zatca.apiUrl)
      return new FatooraClient({ baseUrl: this.config.zatca.apiUrl, language, fetch: fatooraFetch });
    this.#simulator ??= startFatooraSimulator({ host: '127.0.0.1', port: 0 });
    return new FatooraClient({ baseUrl: (await this.#simulator).url, language, fetch: fatooraFetch });
  }

  async close(): Promise<void> {
    const simulator = this.#simulator;
    this.#simulator = undefined;
    if (simulator) await (await simulator).close();
  }
}
