/** A secret as stored: AES-256-GCM ciphertext with its nonce and tag, and which key sealed it. */
export interface SealedSecret {
  alg: 'aes-256-gcm';
  /** First 8 hex digits of the key's SHA-256: tells which key a secret needs once keys are rotated. */
  key_id: string;
  iv: string;
  tag: string;
  data: string;
}

/** What may be shown of a tax-authority certificate: who it names, who signed it, when it is valid, its fingerprint. */
export interface CertificateSummary {
  subject: string;
  issuer: string;
  serial_number: string;
  valid_from: Date;
  valid_to: Date;
  fingerprint_sha256: string;
}

/** A certificate as stored: its summary in the clear, the certificate and its private key sealed. */
export interface StoredCertificate extends CertificateSummary {
  certificate_sealed: SealedSecret;
  private_key_sealed: SealedSecret;
}
