import { connect, type JetStreamClient, type JetStreamManager, type NatsConnection } from 'nats';

export type Broker = {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** Drains: publishes in flight are flushed and subscriptions finish their current message. */
  close(): Promise<void>;
};

type StatusLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * One NATS connection per process. Once connected it reconnects forever: a gateway or worker that
 * gave up after a NATS restart would sit there alive and useless, which is worse than waiting.
 * The first connect, on the other hand, fails fast with a message that says what to check, so a
 * wrong BROKER_URL stops the process at start instead of hiding behind retries.
 */
export async function connectBroker(url: string, name: string, log?: StatusLog): Promise<Broker> {
  let nc: NatsConnection;
  try {
    nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 1000, waitOnFirstConnect: false });
  } catch (err) {
    throw new Error(`Cannot connect to NATS at ${url} (${describe(err)}); is nats-server running there and reachable?`, { cause: err });
  }
  let jsm: JetStreamManager;
  try {
    // Asks the server for the account's JetStream info, so a server started without -js is caught here.
    jsm = await nc.jetstreamManager();
  } catch (err) {
    await nc.close();
    throw new Error(`NATS at ${url} answered but JetStream is not available (${describe(err)}); start nats-server with -js`, { cause: err });
  }
  if (log) void watchStatus(nc, log);
  return {
    nc, jsm, js: nc.jetstream(),
    close: async () => {
      if (!nc.isClosed()) await nc.drain();
    },
  };
}

async function watchStatus(nc: NatsConnection, log: StatusLog): Promise<void> {
  for await (const s of nc.status()) {
    if (s.type === 'disconnect' || s.type === 'error') log.warn({ nats: s.type, data: String(s.data) }, 'NATS connection trouble; reconnecting');
    else if (s.type === 'reconnect') log.info({ nats: s.type, data: String(s.data) }, 'NATS reconnected');
  }
}

function describe(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return [...new Set([e.code, e.message].filter(Boolean))].join(': ') || String(err);
}
