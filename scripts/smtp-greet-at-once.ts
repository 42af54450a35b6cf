// The test mail sinks' SMTP server (apps/server/test/smtp-sink.ts, apps/web/e2e/mail-sink.ts),
// without the library's greeting delay.
import type { SMTPServer } from 'smtp-server';

interface PendingConnection {
  init(): void;
  _setListeners(ready: () => void): void;
  connectionReady(): void;
}

/**
 * smtp-server holds every new connection 100 ms before its greeting, to catch clients that talk
 * too soon (smtp-connection.js `init`, no option turns it off). The product sends each mail on a
 * connection of its own, so every mail a test waits for (a registration code: two or three per
 * test, thousands per run) cost those 100 ms: 106 ms a send against ~6 without them. The sink
 * greets as soon as the connection's listeners are set; the rest of the conversation is the
 * library's own. Should smtp-server rename what this reaches for, the sink fails at its first
 * connection, loudly, rather than going slow again.
 */
export function greetAtOnce(server: SMTPServer) {
  const connections = (server as unknown as { connections: Set<PendingConnection> }).connections;
  const add = connections.add.bind(connections);
  connections.add = (connection) => {
    if (typeof connection._setListeners !== 'function' || typeof connection.connectionReady !== 'function') {
      throw new Error('smtp-server changed: the test sink cannot skip its greeting delay (scripts/smtp-greet-at-once.ts)');
    }
    connection.init = () => connection._setListeners(() => connection.connectionReady());
    return add(connection);
  };
}
