// Parses one JSON upload on its own thread (json-upload.ts): checks its nesting first, then
// parses it and sends the value back (json-parse.mjs). Plain JavaScript so that it runs as it is
// under tsx, Vitest and a compiled server alike (a worker thread does not inherit a TypeScript
// loader).
import { parentPort, workerData } from 'node:worker_threads';
import { parseBounded } from './json-parse.mjs';

const { bytes, maxDepth } = workerData;
parentPort.postMessage(parseBounded(new Uint8Array(bytes), maxDepth));
