import net from 'node:net';

/**
 * A TCP relay in front of a shared service (the machine's NATS): `cut()` drops every connection and
 * refuses new ones, as the service going down looks to the processes using it, and `restore()` takes
 * connections again on the same port. The service itself keeps running for the other tests.
 */
export type TcpProxy = { port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect(target);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server = net.createServer(relay);
  const listen = (port: number) => new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
  const stop = () => new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy();
    server.close(() => resolve());
  });
  const port = await listen(0);
  return {
    port,
    cut: stop,
    async restore() {
      server = net.createServer(relay);
      await listen(port);
    },
    close: stop,
  };
}
