import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { parse, validate, type GraphQLSchema } from 'graphql';
import { compileOperation, executeCompiled, type CompiledOperation } from '../schema/compiled';
import { type RequestContext, refusalOf } from '../domain/context';
import { ForbiddenError, UnauthenticatedError } from '../domain/errors';
import { noneMatch } from '../domain/preconditions';
import { toClientError, toClientErrorOf } from '../rest-compat/client-errors';
import { sendData, sendError, taggedEnvelope } from './rest-envelope';
import { multipartUpload } from './rest-multipart';
import { restError } from '../rest-compat/naming';
import { type ExportSource, type RestInput, type RestRoute, writes } from '../rest-compat/route';
import { type ExportFormat, exportWriter, MEDIA_TYPES, readExportFormat } from '../rest-compat/export-files';

interface CompiledRoute {
  route: RestRoute;
  compiled: CompiledOperation;
}

/** Parses, validates and compiles every stored document against the schema once; a broken one stops start-up, naming the route. */
export function compileRoutes(schema: GraphQLSchema, routes: RestRoute[]): CompiledRoute[] {
  const problems: string[] = [];
  const compiled: CompiledRoute[] = [];
  for (const route of routes) {
    try {
      const document = parse(route.document);
      const errors = validate(schema, document);
      const operation = errors.length ? undefined : compileOperation(schema, document);
      if (errors.length) problems.push(`${route.method.toUpperCase()} ${route.path}: ${errors.map((e) => e.message).join('; ')}`);
      else if (!operation) problems.push(`${route.method.toUpperCase()} ${route.path}: cannot be compiled`);
      else compiled.push({ route, compiled: operation });
    } catch (error) {
      problems.push(`${route.method.toUpperCase()} ${route.path}: ${(error as Error).message}`);
    }
  }
  if (problems.length) throw new Error(`REST compatibility documents do not match the schema:\n  ${problems.join('\n  ')}`);
  return compiled;
}

export function expressPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

/** Runs a route's stored operation with the request's context and answers in the legacy envelope. */
async function handle(schema: GraphQLSchema, compiled: CompiledRoute, req: Request, res: Response, context: RequestContext): Promise<void> {
  const { route } = compiled;
  const input: RestInput = {
    params: req.params as Record<string, string>,
    query: req.query as Record<string, unknown>,
    body: req.body,
    headers: req.headers,
  };
  const report = (error: unknown) => context.log.error({ err: error }, 'unexpected error in a REST route');
  const refuse = (error: unknown) => () => sendError(res, restError(toClientError(error, report), route.pathRenames));
  let answer: () => void;
  try {
    const conditionalRead = route.conditional === 'read' || route.conditional === 'view';
    answer = await run(schema, compiled, input, res, context, report, conditionalRead ? req.get('if-none-match') : undefined);
  } catch (error) {
    answer = refuse(error);
  }
  // Nothing leaves before the store has confirmed the caller's key (a read may have run beside that check).
  const refusal = await refusalOf(context);
  if (refusal) answer = refuse(refusal);
  answer();
}

/** The answer to a route's request: its operation run, and the result put in REST form, ready to send. */
async function run(
  schema: GraphQLSchema,
  { route, compiled }: CompiledRoute,
  input: RestInput,
  res: Response,
  context: RequestContext,
  report: (error: unknown) => void,
  ifNoneMatch: string | undefined,
): Promise<() => void> {
  const format = route.export ? readExportFormat(input.query) : undefined;
  const variables = route.variables(input);
  const result = await executeCompiled(schema, compiled, variables, context);
  if (result.errors?.length) {
    const error = toClientErrorOf(result.errors, report);
    return () => sendError(res, restError(error, route.pathRenames));
  }
  if (route.export && format) {
    const more = async (next: Record<string, unknown>) => {
      const page = await executeCompiled(schema, compiled, next, context);
      if (page.errors?.length) throw toClientErrorOf(page.errors, report);
      return page.data as Record<string, unknown>;
    };
    const source: ExportSource = { input, variables, context, more };
    return () => void streamExport(route, format, result.data as Record<string, unknown>, source, res, report);
  }
  const { status, data, extra, file, headers } = route.respond(result.data as Record<string, unknown>, input);
  if (file)
    return () => {
      if (headers) res.set(headers);
      res.status(status).type(file.contentType).attachment(file.name).send(file.body);
    };
  // Express's own weak tags are not used: it answers 304 only without `Cache-Control: no-cache`, which fetch() adds
  // to every conditional request (Fetch standard, HTTP-network-or-cache fetch).
  if (route.conditional === 'view') {
    const { body, etag } = taggedEnvelope(data, extra);
    const unchanged = ifNoneMatch !== undefined && !noneMatch(ifNoneMatch, etag);
    return () => {
      res.set('ETag', etag);
      if (unchanged) res.status(304).end();
      else res.status(status).type('json').send(body);
    };
  }
  // The client's copy is current: 304 with the tag and no body (RFC 9110 §15.4.5).
  const current = ifNoneMatch !== undefined && headers?.ETag !== undefined && !noneMatch(ifNoneMatch, headers.ETag);
  return () => {
    if (headers) res.set(headers);
    if (current) res.status(304).end();
    else sendData(res, status, data, extra);
  };
}

/**
 * Writes an export's rows into the answer as they come. The status and headers are gone by the first row, so a
 * failure after it can only cut the answer short (the client sees a truncated file, never a wrong one).
 */
async function streamExport(
  route: RestRoute,
  format: ExportFormat,
  data: Record<string, unknown>,
  source: ExportSource,
  res: Response,
  report: (error: unknown) => void,
): Promise<void> {
  const spec = route.export;
  if (!spec) return;
  res
    .status(200)
    .type(format === 'csv' ? `${MEDIA_TYPES.csv}; charset=utf-8` : MEDIA_TYPES.xlsx)
    // A name of letters, digits, dots and dashes travels as it is in Content-Disposition, whatever the account's codes hold.
    .attachment(`${spec.fileName(data, source.input).replace(/[^\w.-]+/g, '-')}.${format}`);
  const writer = exportWriter(format, res, spec.sheet, spec.columns);
  try {
    for await (const row of spec.rows(data, source)) await writer.row(row);
    await writer.end();
  } catch (error) {
    report(error);
    res.destroy(error as Error);
  }
}

/**
 * A request without credentials (401) or without the route's scope (403) is answered before its body is read or
 * checked: an upload is not spooled for a caller who may not make it, and a malformed body does not hide a missing
 * key behind a 400. The resolver checks the same scope again (the authorization matrix holds the two equal).
 */
function permitted(route: RestRoute, contextOf: (res: Response) => RequestContext) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const context = contextOf(res);
    const principal = context?.principal;
    const refusal = !principal
      ? new UnauthenticatedError()
      : principal.via === 'signed_link' && !route.download
        ? new ForbiddenError('a signed link opens downloads only', [], 'LINK_INVALID')
        : principal.scopes.has(route.scope)
          ? undefined
          : new ForbiddenError(`this operation needs the scope ${route.scope}`);
    if (!refusal) return next();
    // A key the store no longer accepts is refused as such, not for its scopes.
    const send = (error: unknown) =>
      sendError(
        res,
        restError(
          toClientError(error, () => undefined),
          route.pathRenames,
        ),
      );
    void refusalOf(context).then((refused) => send(refused ?? refusal));
  };
}

/**
 * The legacy routes; `contextOf` gives the request's context (the HTTP layer authenticated it), `keyed` the HTTP
 * layer's handling of an `Idempotency-Key`, run on the POSTs that write once the caller may make them.
 */
export function restRouter(
  schema: GraphQLSchema,
  routes: CompiledRoute[],
  contextOf: (res: Response) => RequestContext,
  keyed: RequestHandler = (_req, _res, next) => next(),
): Router {
  const router = Router();
  for (const compiled of routes) {
    const { upload, method } = compiled.route;
    const handler = (req: Request, res: Response) => handle(schema, compiled, req, res, contextOf(res));
    const guards = [permitted(compiled.route, contextOf), ...(method === 'post' && writes(compiled.route) ? [keyed] : [])];
    if (upload) router[method](expressPath(compiled.route.path), ...guards, multipartUpload(upload.field, upload.maxBytes), handler);
    else router[method](expressPath(compiled.route.path), ...guards, handler);
  }
  return router;
}
