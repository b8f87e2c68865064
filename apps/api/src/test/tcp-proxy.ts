import net from 'node:net';

/**
 * A TCP proxy on a free port in front of a server (PostgreSQL, Redis), for outages in tests:
 * `outage()` cuts every connection through it and refuses new ones, as a server restarting or a
 * network cut looks to the shop; `restore()` lets connections through again. `cutWhenSent(text)`
 * cuts the one connection that next sends `text` (a statement), right after it is sent.
 */
export async function tcpProxy(targetPort: number, targetHost = '127.0.0.1') {
  const open = new Set<net.Socket>();
  let refusing = false;
  let cutOn: Buffer | undefined;
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect({ host: targetHost, port: targetPort });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
    // After the pipe's own listener: the bytes have gone on when the connection is cut.
    client.on('data', (chunk: Buffer) => {
      if (!cutOn || !chunk.includes(cutOn)) return;
      cutOn = undefined;
      client.destroy();
      upstream.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    outage() {
      refusing = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      refusing = false;
    },
    cutWhenSent(text: string) {
      cutOn = Buffer.from(text);
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
