import net from 'node:net';
import { Engine, errorReply } from './engine';
import { EngineError } from './errors';
import type { Storage } from './storage/contract';
import { decodeMessage, encodeReply, MessageReader, type Request } from './wire';

export interface RunningServer {
  port: number;
  host: string;
  close(): Promise<void>;
}

/** Serves the engine over the MongoDB wire protocol. Each connection's requests are answered in order. */
export async function listen(store: Storage, host: string, port: number, options: { testCommands?: boolean } = {}): Promise<RunningServer> {
  const address = { host, port };
  const engine = new Engine(store, address, options);
  const sockets = new Set<net.Socket>();
  let connections = 0;
  let replyIds = 0;

  const server = net.createServer((socket) => {
    const connectionId = ++connections;
    sockets.add(socket);
    engine.openConnections = sockets.size;
    socket.setNoDelay(true);
    const reader = new MessageReader();
    let queue = Promise.resolve();
    // The name the client gives itself in its handshake (fail points may be set for one application only).
    let appName: string | undefined;
    const answer = async (request: Request) => {
      const name = request.command?.client?.application?.name;
      if (typeof name === 'string') appName = name;
      const reply = request.invalid ? invalidBsonReply(request.invalid) : await engine.execute(request.command, connectionId, appName);
      if (!request.moreToCome && !socket.destroyed) socket.write(encodeReply(request, reply, ++replyIds));
    };
    socket.on('data', (chunk: Buffer) => {
      let requests: Request[];
      try {
        requests = reader.push(chunk).map(decodeMessage);
      } catch {
        socket.destroy();
        return;
      }
      for (const request of requests)
        queue = queue
          .then(() => answer(request))
          .catch(() => {
            socket.destroy();
          });
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      engine.openConnections = sockets.size;
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = server.address() as net.AddressInfo;
  address.port = actual.port;

  return {
    port: actual.port,
    host,
    async close() {
      engine.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

function invalidBsonReply(reason: string) {
  return errorReply(new EngineError(22, 'InvalidBSON', reason));
}
