#!/usr/bin/env node
// The ceiling of `npm run bench:web`: a plain node:http server that answers every request with
// the same status, headers and bytes (read from the JSON file named on the command line), so the
// shop's figures can be read against what this machine can send at all. Prints its port.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const { headers, body } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bytes = Buffer.from(body, 'base64');
const server = http.createServer((_request, response) => {
  response.writeHead(200, { ...headers, 'content-length': bytes.length });
  response.end(bytes);
});
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
