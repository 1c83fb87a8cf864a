import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { ObjectId } from 'mongodb';
import type { Principal } from '../domain/context';
import { ConflictError, PayloadTooLargeError, UnprocessableError, ValidationError } from '../domain/errors';
import type { SecretBox } from '../domain/secrets';
import { IdempotencyKeys, type KeptAnswer, LEASE_MS } from '../store/idempotency-keys';
import type { Store } from '../store/store';
import { contextOf } from './request-context';

/** The response header a replayed answer carries. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The answer's headers kept and replayed with it (the rest are the replaying request's own). */
const KEPT_HEADERS = ['content-type', 'location', 'content-disposition', 'etag'];

/** A structured-field string (the draft's form, `"…"` with `\"` and `\\` escapes), or the bare key many clients send. */
const QUOTED = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;
const BARE = /^[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]+$/;
const MAX_KEY = 255;

/** The key an `Idempotency-Key` header carries; a malformed one (two keys, empty, too long, other characters) is 400. */
export function parseIdempotencyKey(header: string): string {
  const quoted = QUOTED.exec(header.trim());
  const key = quoted ? quoted[1].replace(/\\(["\\])/g, '$1') : BARE.test(header.trim()) ? header.trim() : undefined;
  if (key === undefined || key.length === 0 || key.length > MAX_KEY)
    throw new ValidationError(
      'Idempotency-Key must be one key of 1 to 255 visible ASCII characters',
      [{ path: 'Idempotency-Key', message: 'malformed' }],
      'IDEMPOTENCY_KEY_INVALID',
    );
  return key;
}

/** The raw JSON body's digest, taken while express.json reads it (see `express.json`'s `verify`) for keyed requests. */
export function digestKeyedBody(req: Request, _res: Response, body: Buffer): void {
  if (req.headers['idempotency-key'] !== undefined) (req as KeyedRequest).bodyDigest = createHash('sha256').update(body).digest('hex');
}

interface KeyedRequest extends Request {
  bodyDigest?: string;
}

const EMPTY_DIGEST = createHash('sha256').digest('hex');
/** The most of an upload read to compare it with the one a key was first used for. */
const MOST_COMPARED_BYTES = 64 * 1024 * 1024;

/** A request is the same one when its method, URL, caller and body are. */
function fingerprintOf(req: Request, principal: Principal, bodyDigest: string): string {
  const caller = principal.apiKey?.id.toHexString() ?? principal.userId?.toHexString() ?? principal.via;
  return createHash('sha256')
    .update(JSON.stringify([req.method, req.originalUrl, caller, bodyDigest]))
    .digest('hex');
}

const streams = (req: Request) => /^multipart\//i.test(req.get('content-type') ?? '');

/**
 * The digest of a multipart body without its boundary: a client that retries an upload builds the form again, with a
 * boundary of its own, and it is still the same request. An occurrence split between two chunks is held back until
 * the next one shows whether it is the boundary.
 */
export class UploadDigest {
  private readonly hash = createHash('sha256');
  private readonly boundary: Buffer;
  private pending = Buffer.alloc(0);

  constructor(contentType: string) {
    const found = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    this.boundary = Buffer.from(`--${found?.[1] ?? found?.[2] ?? ''}`);
  }

  update(chunk: Buffer): void {
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let start = 0;
    for (let at = data.indexOf(this.boundary, start); at !== -1; at = data.indexOf(this.boundary, start)) {
      this.hash.update(data.subarray(start, at));
      start = at + this.boundary.length;
    }
    const kept = Math.max(start, data.length - (this.boundary.length - 1));
    this.hash.update(data.subarray(start, kept));
    this.pending = Buffer.from(data.subarray(kept));
  }

  digest(): string {
    return this.hash.update(this.pending).digest('hex');
  }
}

/** Feeds every chunk the request's body hands its reader (the upload's parser) to a digest, without reading it. */
function digestWhileRead(req: Request): UploadDigest {
  const digest = new UploadDigest(req.get('content-type') ?? '');
  const emit = req.emit;
  req.emit = function (this: Request, event: string | symbol, ...args: unknown[]) {
    if (event === 'data') digest.update(args[0] as Buffer);
    return emit.call(this, event, ...args);
  } as typeof req.emit;
  return digest;
}

/** Reads the whole upload (nothing else will read it), for its digest. */
async function digestOfUnread(req: Request): Promise<string> {
  const digest = new UploadDigest(req.get('content-type') ?? '');
  let read = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read > MOST_COMPARED_BYTES) throw new PayloadTooLargeError('request body too large');
    digest.update(chunk);
  }
  return digest.digest();
}

/**
 * Whether an answer is kept for replay: a success, and for GraphQL one without errors (an error, like a REST
 * refusal, leaves the key free for a corrected retry; a document of several mutations is kept only when all succeeded).
 */
function keeps(path: string, status: number, body: Buffer): boolean {
  if (status < 200 || status >= 300) return false;
  if (!path.startsWith('/graphql')) return true;
  try {
    const errors = (JSON.parse(body.toString('utf8')) as { errors?: unknown[] }).errors;
    return !errors?.length;
  } catch {
    return false;
  }
}

/**
 * Calls `finish` with the answer once the route has written all of it, holding back its last write until `finish`
 * settles: a client that has the answer finds it kept (or the key free).
 */
function onAnswer(res: Response, finish: (status: number, body: Buffer) => Promise<void>, abandoned: () => void): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
  };
  let ended = false;
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    return write(chunk as never, encoding as never, callback as never);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (ended) return res;
    ended = true;
    collect(chunk, encoding);
    void finish(res.statusCode, Buffer.concat(chunks))
      .catch(() => undefined)
      .then(() => end(chunk as never, encoding as never, callback as never));
    return res;
  }) as typeof res.end;
  res.once('close', () => {
    if (!ended) abandoned();
  });
}

/** Sends a kept answer again, saying it is a replay. */
function replay(res: Response, answer: KeptAnswer, secrets: SecretBox): void {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader(REPLAYED_HEADER, 'true');
  res.end(Buffer.from(secrets.open(answer.body), 'base64'));
}

/**
 * `Idempotency-Key` on POST (draft-ietf-httpapi-idempotency-key-header), for both surfaces: optional; the first
 * request with a key of the account runs and, when it succeeds, its answer is kept a day (sealed: an answer may hold
 * a secret shown once); the same request again gets that answer replayed; another request with the key is 422; one
 * arriving while the first runs is 409. A refusal or failure frees the key, and so does a process that stopped
 * while running it (its lease is renewed every few seconds while it runs, and ends otherwise).
 */
export function idempotency({ store, secrets, now }: { store: Store; secrets: SecretBox; now: () => Date }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('idempotency-key');
    if (req.method !== 'POST' || header === undefined) return next();
    try {
      const key = parseIdempotencyKey(header);
      const principal = contextOf(res)?.principal;
      // Without a caller there is nothing to scope the key to: the route refuses the request.
      if (!principal) return next();
      const keys = new IdempotencyKeys(store, principal.accountId);
      const streamed = streams(req);
      const fingerprint = streamed ? null : fingerprintOf(req, principal, (req as KeyedRequest).bodyDigest ?? EMPTY_DIGEST);
      const hash = streamed ? digestWhileRead(req) : undefined;
      const found = await keys.claim(key, fingerprint, now());
      if (found.claimed) return run(keys, key, found.claim, () => fingerprint ?? fingerprintOf(req, principal, hash!.digest()));
      const { record } = found;
      const theirs = fingerprint ?? fingerprintOf(req, principal, await digestOfUnread(req));
      if (record.fingerprint !== null && record.fingerprint !== theirs)
        throw new UnprocessableError('this Idempotency-Key was used for another request: use a new key for a new request');
      if (record.state === 'done' && record.answer) return replay(res, record.answer, secrets);
      throw new ConflictError('a request with this Idempotency-Key is still being processed: retry once it is answered', [], 'IDEMPOTENCY_KEY_IN_USE');
    } catch (error) {
      next(error);
    }

    function run(keys: IdempotencyKeys, key: string, claim: ObjectId, fingerprint: () => string) {
      const renewal = setInterval(() => void keys.renew(key, claim, now()).catch(() => undefined), LEASE_MS / 3);
      renewal.unref();
      onAnswer(
        res,
        async (status, body) => {
          clearInterval(renewal);
          if (!keeps(req.originalUrl, status, body)) return keys.release(key, claim);
          const headers = Object.fromEntries(
            KEPT_HEADERS.flatMap((name) => {
              const value = res.getHeader(name);
              return value === undefined ? [] : [[name, String(value)]];
            }),
          );
          await keys.complete(key, claim, fingerprint(), { status, headers, body: secrets.seal(body.toString('base64')) });
        },
        () => {
          clearInterval(renewal);
          void keys.release(key, claim).catch(() => undefined);
        },
      );
      next();
    }
  };
}
