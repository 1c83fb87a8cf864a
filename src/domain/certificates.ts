import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { ValidationError } from './errors';
import type { StoredCertificate } from '../store/sealed';
import type { SecretBox } from './secrets';

export type { CertificateSummary, StoredCertificate } from '../store/sealed';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/;
const PEM_KEY = /-----BEGIN (?:RSA |EC )?PRIVATE KEY-----[\s\S]+-----END (?:RSA |EC )?PRIVATE KEY-----/;

function refuse(path: string, message: string): never {
  throw new ValidationError(`invalid certificate: ${path}: ${message}`, [{ path, message }]);
}

function parseCertificate(pem: string, path: string): X509Certificate {
  if (!PEM_CERTIFICATE.test(pem)) refuse(path, 'must be a PEM certificate (-----BEGIN CERTIFICATE-----)');
  try {
    return new X509Certificate(pem);
  } catch {
    return refuse(path, 'is not a readable X.509 certificate');
  }
}

function parseKey(pem: string, path: string): KeyObject {
  if (/ENCRYPTED PRIVATE KEY/.test(pem)) refuse(path, 'is encrypted with a passphrase: send the key without one (it is stored encrypted)');
  if (!PEM_KEY.test(pem)) refuse(path, 'must be a PEM private key (-----BEGIN PRIVATE KEY-----)');
  try {
    return createPrivateKey(pem);
  } catch {
    return refuse(path, 'is not a readable private key');
  }
}

/**
 * Checks a certificate and its private key (both PEM, the key matching the certificate) and seals them for storage.
 * `at` names the pair in error paths (`certificates.0`).
 */
export function sealCertificate(secrets: SecretBox, pair: { certificate: string; privateKey: string }, at: string): StoredCertificate {
  const certificate = parseCertificate(pair.certificate, `${at}.certificate`);
  const key = parseKey(pair.privateKey, `${at}.privateKey`);
  if (!certificate.checkPrivateKey(key)) refuse(`${at}.privateKey`, 'does not match the certificate');
  return {
    subject: certificate.subject,
    issuer: certificate.issuer,
    serial_number: certificate.serialNumber,
    valid_from: new Date(certificate.validFrom),
    valid_to: new Date(certificate.validTo),
    fingerprint_sha256: certificate.fingerprint256,
    certificate_sealed: secrets.seal(pair.certificate),
    private_key_sealed: secrets.seal(pair.privateKey),
  };
}
