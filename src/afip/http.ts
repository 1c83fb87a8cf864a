import http from 'node:http';
import https from 'node:https';
import { AfipUnavailableError } from '../domain/taxpayer-data/afip-port';

/** Replies are a few kilobytes; anything far larger is not the web service talking. */
const MAX_REPLY_BYTES = 2 * 1024 * 1024;

/**
 * ARCA's servers have offered Diffie-Hellman parameters that OpenSSL's default security level refuses
 * (`dh key too small`). The lowered level applies to this agent only, so only the calls to ARCA hosts accept them.
 */
const afipAgent = new https.Agent({ keepAlive: true, ciphers: 'DEFAULT@SECLEVEL=1', minDHSize: 512 });

export interface SoapReply {
  status: number;
  body: string;
}

/** POSTs a SOAP envelope; an unreachable host, a reset connection or no answer within `timeoutMs` is AFIP_UNAVAILABLE. */
export function postSoap(url: string, envelope: string, headers: Record<string, string>, timeoutMs: number): Promise<SoapReply> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const unavailable = (why: string) => new AfipUnavailableError(`ARCA web service at ${target.host} unavailable: ${why}`);
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        agent: secure ? afipAgent : undefined,
        headers: { ...headers, 'content-length': Buffer.byteLength(envelope) },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_REPLY_BYTES) request.destroy(unavailable('reply too large'));
          else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => reject(unavailable(error.message)));
      },
    );
    // The whole exchange is bounded, not only the idle gaps the socket timeout measures.
    const deadline = setTimeout(() => request.destroy(unavailable(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('timeout', () => request.destroy(unavailable(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => reject(error instanceof AfipUnavailableError ? error : unavailable((error as NodeJS.ErrnoException).code ?? error.message)));
    request.on('close', () => clearTimeout(deadline));
    request.end(envelope);
  });
}
