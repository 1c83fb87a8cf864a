import type { StoredCertificate } from './sealed';
import type { SealedSecret } from './sealed';
import type { TenantDocument } from './tenant-collection';

/** The outcome of the last delegation check, kept on the system it checked. */
export type DelegationCheckDocument = {
  cuit: string;
  delegated: boolean;
  reason: string;
  afip_errors: Array<{ code: number; message: string }>;
  checked_at: Date;
};

export type PointOfSaleCheckDocument = {
  cuit: string;
  punto_venta: number;
  valid: boolean;
  status: string;
  reason: string;
  checked_at: Date;
};

/** A way the account issues vouchers to the tax authority (`afip_wsfe`: WSFEv1 web service). */
export type BillingSystemDocument = TenantDocument & {
  name: string;
  environment: string;
  /** The CUIT vouchers are issued for (11 digits): the account's own unless it bills through a representative. */
  represented_cuit: string;
  points_of_sale: number[];
  certificate: StoredCertificate | null;
  last_delegation_check?: DelegationCheckDocument;
  last_point_of_sale_check?: PointOfSaleCheckDocument;
  /** Counts the writes of the system (store/revisions.ts); none before its first. */
  revision?: number;
};

/** A WSAA access ticket; token and sign are credentials, so kept sealed like private keys. */
export type AfipTicketDocument = {
  /** `${environment}:${certificate fingerprint}:${service}`. */
  _id: string;
  environment: string;
  fingerprint_sha256: string;
  service: string;
  token_sealed: SealedSecret;
  sign_sealed: SealedSecret;
  relations: string[] | null;
  generated_at: Date;
  expires_at: Date;
  stored_at: Date;
};
