import { AppError, type CodeOf } from '../errors';

export type AfipEnvironment = 'testing' | 'production';

/** A certificate and its private key, both PEM, as the web services need them to sign a login request. */
export interface AfipCredentials {
  certificate: string;
  privateKey: string;
}

/** WSAA's access ticket (TA): what every business web service call carries, valid until `expiresAt`. */
export interface AccessTicket {
  token: string;
  sign: string;
  generatedAt: Date;
  expiresAt: Date;
  /** CUITs the token names as represented (its `relations`), or null when it names none: a hint, WSFEv1 decides. */
  relations: string[] | null;
}

/** One point of sale as WSFEv1 `FEParamGetPtosVenta` lists it. */
export interface ListedPointOfSale {
  number: number;
  emissionType: string;
  blocked: boolean;
  /** The day it was dropped (`FchBaja`, yyyymmdd), or null while it is in use. */
  droppedOn: string | null;
}

export interface AfipErrorEntry {
  code: number;
  message: string;
}

/** WSFEv1 answers errors inside a successful (HTTP 200) reply: either the list or its `Errors`. */
export type PointsOfSaleAnswer = { kind: 'list'; pointsOfSale: ListedPointOfSale[] } | { kind: 'errors'; errors: AfipErrorEntry[] };

/**
 * WSFECRED `consultarMontoObligadoRecepcion` (manual v2.0.3 §2.4.22): whether the consulted CUIT must receive FCE on
 * a date (`obligado` S/N) and from which amount (`montoDesde`, inclusive), as raw text; or its `arrayErrores` /
 * `arrayErroresFormato`, which come with HTTP 200.
 */
export type ObligationAnswer =
  | { kind: 'answer'; obligado: string; montoDesde: string; observations: AfipErrorEntry[] }
  | { kind: 'errors'; errors: AfipErrorEntry[] };

/**
 * The ARCA/AFIP web services as the domain needs them. The adapter (src/afip) speaks SOAP; the domain decides what a
 * fault or an error code means for the taxpayer.
 */
export interface AfipServices {
  /** WSAA loginCms for `service` (e.g. `wsfe`). Throws AfipUnavailableError or AfipFault. */
  login(environment: AfipEnvironment, credentials: AfipCredentials, service: string): Promise<AccessTicket>;
  /** WSFEv1 FEParamGetPtosVenta acting for `cuit` (the represented taxpayer). Throws AfipUnavailableError. */
  pointsOfSale(environment: AfipEnvironment, ticket: Pick<AccessTicket, 'token' | 'sign'>, cuit: string): Promise<PointsOfSaleAnswer>;
  /**
   * WSFECRED consultarMontoObligadoRecepcion acting for `representedCuit` about `cuit` on `day` (YYYY-MM-DD). Throws
   * AfipFault for a SOAP fault (authentication, malformed request) and AfipUnavailableError when nothing was decided.
   */
  receiverObligation(
    environment: AfipEnvironment,
    ticket: Pick<AccessTicket, 'token' | 'sign'>,
    representedCuit: string,
    cuit: string,
    day: string,
  ): Promise<ObligationAnswer>;
}

/** The web services could not be reached or did not answer in time: nothing was decided, retry later. */
export class AfipUnavailableError extends AppError<503> {
  static readonly defaultCode: CodeOf<503> = 'AFIP_UNAVAILABLE';
  readonly status = 503;
}

/** A SOAP fault from WSAA (e.g. `coe.notAuthorized`, `cms.cert.untrusted`): the local part of its faultcode. */
export class AfipFault extends Error {
  constructor(
    readonly faultCode: string,
    readonly faultString: string,
  ) {
    super(`${faultCode}: ${faultString}`);
  }
}
