import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { CommandFailedEvent, CommandStartedEvent, CommandSucceededEvent, MongoClient } from 'mongodb';
import { errorTypeOf, tracerOf } from './trace-seam';

const traced = new WeakSet<MongoClient>();

/** The collection a command names (`find: "suppliers"`, a getMore's `collection`); none for a commit or a ping. */
function collectionOf(event: CommandStartedEvent): string | undefined {
  const named = event.command[event.commandName];
  if (typeof named === 'string') return named;
  return typeof event.command.collection === 'string' ? event.command.collection : undefined;
}

/**
 * A client span per MongoDB command, from the driver's command monitoring (the client must be connected with
 * `monitorCommands`), as a child of the span active where the command was sent: started on `commandStarted`, ended on
 * `commandSucceeded` or `commandFailed` (matched by the command's request id). A span carries the command's name,
 * database and collection, never the command itself (its filter and documents hold client data), nor a failure's
 * message (a duplicate key's names the value): the failure's code name only. Commands sent outside a traced request
 * make no span. The tracer is the one of the request the context belongs to (see trace-seam); once per client.
 */
export function traceCommands(client: MongoClient): void {
  if (traced.has(client)) return;
  traced.add(client);
  const open = new Map<number, Span>();
  client.on('commandStarted', (event: CommandStartedEvent) => {
    const active = context.active();
    const tracer = tracerOf(active);
    if (!tracer || !trace.getSpan(active)) return;
    const collection = collectionOf(event);
    const [host, port] = event.address.split(':');
    const span = tracer.startSpan(
      collection ? `${event.commandName} ${collection}` : event.commandName,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system': 'mongodb',
          'db.name': event.databaseName,
          'db.operation': event.commandName,
          ...(collection ? { 'db.mongodb.collection': collection } : {}),
          'server.address': host,
          ...(port ? { 'server.port': Number(port) } : {}),
        },
      },
      active,
    );
    open.set(event.requestId, span);
  });
  const ended = (event: CommandSucceededEvent | CommandFailedEvent, failure?: unknown) => {
    const span = open.get(event.requestId);
    if (!span) return;
    open.delete(event.requestId);
    if (failure) {
      const type = errorTypeOf(failure);
      span.setAttribute('error.type', type);
      span.setStatus({ code: SpanStatusCode.ERROR, message: type });
    }
    span.end();
  };
  client.on('commandSucceeded', (event: CommandSucceededEvent) => ended(event));
  client.on('commandFailed', (event: CommandFailedEvent) => ended(event, event.failure));
}
