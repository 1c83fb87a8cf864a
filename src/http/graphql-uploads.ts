import type { NextFunction, Request, Response } from 'express';
import { graphqlUploadExpress } from 'graphql-upload-ts';
import { ForbiddenError, PayloadTooLargeError, ValidationError } from '../domain/errors';
import { MAX_UPLOAD_BYTES } from '../domain/mis-comprobantes/source';

const processUploads = graphqlUploadExpress({ maxFileSize: MAX_UPLOAD_BYTES, maxFiles: 1, maxFieldSize: 100_000 });

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
        // Apollo reads the operations graphql-upload parsed into req.body as it reads a JSON body.
        req.headers['content-type'] = 'application/json';
        next();
        return;
      }
      const status = (error as { status?: number }).status;
      if (status === 413) return next(new PayloadTooLargeError((error as Error).message));
      next(new ValidationError(`malformed multipart GraphQL request: ${(error as Error).message}`));
    });
  };
}
