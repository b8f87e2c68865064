import { Writable } from 'node:stream';
import { loggerOptions } from '../lib/log-safe.ts';

/**
 * An app's log lines as production writes them (JSON, at info level, with the server's
 * serializers), kept in `lines`: pass `logger` to `createTestApp`.
 */
export function collectedLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: { ...loggerOptions({ logLevel: 'info' }), stream } };
}
