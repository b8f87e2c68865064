// Parses one JSON upload on its own thread (json-upload.ts): checks its nesting first, then
// parses it and sends the value back. Plain JavaScript so that it runs as it is under tsx,
// Vitest and a compiled server alike (a worker thread does not inherit a TypeScript loader).
import { parentPort, workerData } from 'node:worker_threads';

const { bytes, maxDepth } = workerData;
const view = new Uint8Array(bytes);

/**
 * The deepest nesting of lists and objects, read from the bytes without building anything;
 * stops as soon as it passes `maxDepth`. Brackets inside strings do not count.
 */
function nestingPasses(limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < view.length; i++) {
    const c = view[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next byte is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function answer() {
  if (nestingPasses(maxDepth)) return { refused: 'depth' };
  try {
    return { value: JSON.parse(new TextDecoder('utf-8').decode(view).replace(/^\uFEFF/, '')) };
  } catch (error) {
    return { refused: 'syntax', message: error.message };
  }
}

parentPort.postMessage(answer());
