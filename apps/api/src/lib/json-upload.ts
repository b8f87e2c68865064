import { Worker } from 'node:worker_threads';

/**
 * JSON files sent to the shop (catalog files, from the back office and the command line) are
 * parsed on a thread of their own, never on the one that serves requests (decision 152). A
 * large or hostile file costs that thread alone: the shop keeps answering while it is read, a
 * file nested deeper than any catalog is refused before anything is built from it, and the
 * memory the parse took goes with the thread when it ends.
 */

/** Lists and objects inside each other: a catalog file needs 5 levels; deeper is refused. */
export const MAX_JSON_DEPTH = 32;
/** The thread's own heap: a parse that needs more is refused rather than growing the shop's. */
const WORKER_HEAP_MB = 1536;

export class JsonUploadError extends Error {
  override name = 'JsonUploadError';
  constructor(
    readonly reason: 'too_deep' | 'too_large' | 'syntax',
    message: string,
  ) {
    super(message);
  }
}

interface WorkerAnswer {
  value?: unknown;
  refused?: 'depth' | 'syntax';
  message?: string;
}

/**
 * Parses `bytes` (UTF-8, a byte-order mark allowed) as JSON off the event loop: at most
 * `maxBytes`, nested at most `maxDepth` levels. Throws JsonUploadError for a file it refuses.
 */
export function parseJsonUpload(
  bytes: Uint8Array,
  { maxBytes, maxDepth = MAX_JSON_DEPTH }: { maxBytes: number; maxDepth?: number },
): Promise<unknown> {
  if (bytes.byteLength > maxBytes)
    return Promise.reject(new JsonUploadError('too_large', `the file is larger than ${maxBytes} bytes`));
  // The thread gets its own copy, handed over without a second one.
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./json-worker.mjs', import.meta.url), {
      workerData: { bytes: copy, maxDepth },
      transferList: [copy],
      // Not the parent's loader flags (tsx): the worker is plain JavaScript.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if (answer.refused === 'depth')
          reject(new JsonUploadError('too_deep', `the file nests more than ${maxDepth} levels deep`));
        else if (answer.refused === 'syntax')
          reject(new JsonUploadError('syntax', answer.message ?? 'not valid JSON'));
        else resolve(answer.value);
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new JsonUploadError('too_large', 'the file needs more memory than a catalog file may')
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the JSON thread ended without an answer (code ${code})`))),
    );
  });
}
