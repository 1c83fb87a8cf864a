import { finished, PassThrough } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import busboy from 'busboy';
import { Upload } from 'graphql-upload-ts';
import { malformedMultipart, PayloadTooLargeError, ValidationError } from '../domain/errors';

/**
 * A REST upload (`multipart/form-data`, one file in `field`) as the GraphQL `Upload` its stored operation takes: the
 * route runs as soon as the file starts arriving, and the domain streams it. Text fields sent before the file
 * (e.g. `create_missing_suppliers`) land in `req.body` beside it. Past `maxBytes` the stream fails with 413.
 *
 * A client sending an oversized file is still writing when the limit is hit. Answering (and closing) at that point
 * resets its socket before it reads the answer, so past the limit the rest of the body is read and discarded (busboy
 * truncates the file; memory stays flat) and the stream fails only once the request is in: the 413 then always
 * reaches the client, with `Connection: close` rather than reading another request on that socket.
 */
export function multipartUpload(field: string, maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.is('multipart/form-data')) {
      next(new ValidationError(`send the file as multipart/form-data in the field "${field}"`, [{ path: field, message: 'required' }]));
      return;
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 1000, parts: 30 } });
    } catch (error) {
      next(new ValidationError(`malformed multipart request: ${(error as Error).message}`));
      return;
    }
    const fields: Record<string, unknown> = {};
    /** The file handed to the route, once one is: a body that breaks after it fails the route's read of it. */
    let file: PassThrough | undefined;
    const malformed = (error: unknown) => malformedMultipart(error, field);
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error) next(error);
      else {
        req.body = fields;
        next();
      }
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== field || fields[field]) {
        stream.resume();
        return;
      }
      const piped = new PassThrough();
      file = piped;
      // Nobody may be reading the file yet when the body breaks: the route reads the error from the stream when it
      // does, and the process never sees an unhandled one.
      piped.on('error', () => undefined);
      stream.on('error', (error) => piped.destroy(malformed(error)));
      stream.pipe(piped);
      stream.on('limit', () => {
        stream.unpipe(file);
        stream.resume();
        res.setHeader('Connection', 'close');
        finished(req, () => piped.destroy(new PayloadTooLargeError(`the file is larger than ${maxBytes / 1024 / 1024} MB`)));
      });
      const upload = new Upload();
      upload.resolve({
        filename: info.filename,
        fieldName: name,
        mimetype: info.mimeType,
        encoding: info.encoding,
        createReadStream: () => piped,
      } as never);
      fields[field] = upload;
      settle();
    });
    parser.on('error', (error) => {
      file?.destroy(malformed(error));
      settle(malformed(error));
    });
    parser.on('close', () => settle(new ValidationError(`no file in the field "${field}"`, [{ path: field, message: 'required' }])));
    req.pipe(parser);
  };
}
