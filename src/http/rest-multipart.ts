import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, Response } from 'express';
import busboy from 'busboy';
import { Upload } from 'graphql-upload-ts';
import { malformedMultipart, PayloadTooLargeError, ValidationError } from '../domain/errors';

/**
 * A REST upload (`multipart/form-data`, one file in `field`) as the GraphQL `Upload` its stored operation takes, with
 * the form's text fields in `req.body` beside it. Legacy clients send the text fields before or after the file, so
 * the file is spooled to a private temporary file and the route runs once the whole body is in (and the file is
 * removed when the answer is sent). Past `maxBytes` the answer is 413.
 *
 * A client sending an oversized file is still writing when the limit is hit. Answering (and closing) at that point
 * resets its socket before it reads the answer, so past the limit the rest of the body is read and discarded (busboy
 * truncates the file; disk and memory stay flat) and the 413 is sent once the request is in, with
 * `Connection: close` rather than reading another request on that socket.
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
    let spooled: Promise<{ path: string; filename?: string; mimetype: string; encoding: string }> | undefined;
    let tooLarge = false;
    let dir: string | undefined;
    const removeSpool = () => {
      if (dir) void rm(dir, { recursive: true, force: true });
    };
    res.on('close', removeSpool);
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
      if (name !== field || spooled) {
        stream.resume();
        return;
      }
      stream.on('limit', () => {
        tooLarge = true;
        res.setHeader('Connection', 'close');
      });
      // Created before the stream can fail, so its error always has the pipeline to go to.
      dir = mkdtempSync(join(tmpdir(), 'rest-upload-'));
      const path = join(dir, 'file');
      spooled = pipeline(stream, createWriteStream(path, { mode: 0o600 })).then(() => ({
        path,
        filename: info.filename,
        mimetype: info.mimeType,
        encoding: info.encoding,
      }));
      // A body that breaks mid-file is answered by the parser's error; the spool's own failure must not go unhandled.
      spooled.catch(() => stream.resume());
    });
    parser.on('error', (error) => settle(malformedMultipart(error, field)));
    parser.on('close', () => {
      if (tooLarge) return settle(new PayloadTooLargeError(`the file is larger than ${maxBytes / 1024 / 1024} MB`));
      if (!spooled) return settle(new ValidationError(`no file in the field "${field}"`, [{ path: field, message: 'required' }]));
      const file = spooled;
      file.then((file) => {
        const upload = new Upload();
        upload.resolve({ ...file, fieldName: field, createReadStream: () => createReadStream(file.path) } as never);
        fields[field] = upload;
        settle();
      }, settle);
    });
    req.pipe(parser);
  };
}
