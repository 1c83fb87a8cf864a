import { finished, PassThrough, type Readable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { type FileUpload, graphqlUploadExpress, Upload } from 'graphql-upload-ts';
import { ForbiddenError, malformedMultipart, PayloadTooLargeError, ValidationError } from '../domain/errors';
import { MAX_UPLOAD_BYTES } from '../domain/mis-comprobantes/source';

const processUploads = graphqlUploadExpress({ maxFileSize: MAX_UPLOAD_BYTES, maxFiles: 1, maxFieldSize: 100_000 });

/** A broken multipart body as the client's error (the REST upload's code, http/rest-multipart.ts), a 413 kept as such. */
function clientError(error: unknown): Error {
  if (error instanceof PayloadTooLargeError || error instanceof ValidationError) return error;
  const message = (error as Error)?.message ?? String(error);
  if ((error as { status?: number })?.status === 413) return new PayloadTooLargeError(message);
  return malformedMultipart(error);
}

/** A file whose stream reports a body that breaks (before or after it is read) as the client's error. */
function guardedFile(file: FileUpload): FileUpload {
  return {
    ...file,
    createReadStream: (...args: Parameters<FileUpload['createReadStream']>): Readable => {
      let source: Readable;
      try {
        source = file.createReadStream(...args);
      } catch (error) {
        throw clientError(error);
      }
      const out = new PassThrough();
      // The resolver may refuse the request before it reads the file: the error then has no reader of its own.
      out.on('error', () => undefined);
      // finished() also reports an error the source met before this call.
      finished(source, (error) => {
        if (error) out.destroy(clientError(error));
      });
      return source.pipe(out);
    },
  } as FileUpload;
}

/**
 * The uploads of a parsed request, whose promises the resolvers (and TypeGraphQL, which awaits its arguments) read:
 * each settles with a guarded file or with the client's error, never with the parser's own.
 */
function guardUploads(value: unknown, seen = new Set<unknown>()): void {
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (value instanceof Upload) {
    const guarded = value.promise.then(guardedFile, (error: unknown) => Promise.reject(clientError(error)));
    // A file no resolver asks for must not end as an unhandled rejection.
    guarded.catch(() => undefined);
    (value as { promise: Promise<FileUpload> }).promise = guarded;
    return;
  }
  for (const item of Object.values(value)) guardUploads(item, seen);
}

/**
 * GraphQL multipart requests (file uploads). A browser may send `multipart/form-data` across sites without a
 * preflight, so such a request must carry `Apollo-Require-Preflight` (or `X-Apollo-Operation-Name`), a header no
 * form can add: without it the request is refused before anything runs (403 CSRF_PREFLIGHT_REQUIRED). Limits: one
 * file of at most 20 MB.
 */
export function graphqlUploads() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.is('multipart/form-data')) {
      next();
      return;
    }
    if (!req.get('apollo-require-preflight') && !req.get('x-apollo-operation-name')) {
      next(
        new ForbiddenError(
          'a multipart GraphQL request must carry the header Apollo-Require-Preflight: true (cross-site request protection)',
          [],
          'CSRF_PREFLIGHT_REQUIRED',
        ),
      );
      return;
    }
    processUploads(req, res, (error?: unknown) => {
      if (!error) {
        guardUploads(req.body);
        // Apollo reads the operations graphql-upload parsed into req.body as it reads a JSON body.
        req.headers['content-type'] = 'application/json';
        // The operation runs once the whole body is in (its files spooled): an answer given while the client is still
        // writing (a refusal before any file is read) would have the rest of the body cut off and its socket reset.
        if (req.complete) next();
        else finished(req, () => next());
        return;
      }
      const status = (error as { status?: number }).status;
      if (status === 413) return next(new PayloadTooLargeError((error as Error).message));
      next(
        new ValidationError(
          `malformed multipart GraphQL request: ${(error as Error).message}`,
          [{ path: 'file', message: 'the multipart body is malformed' }],
          'MALFORMED_MULTIPART',
        ),
      );
    });
  };
}
