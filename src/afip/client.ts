import {
  type AccessTicket,
  type AfipCredentials,
  type AfipEnvironment,
  AfipFault,
  type AfipServices,
  type ObligationAnswer,
  type PointsOfSaleAnswer,
} from '../domain/taxpayer-data/afip-port';
import { postSoap } from './http';
import { loginEnvelope, loginTicketRequest, readLoginReply, signLoginTicketRequest } from './wsaa';
import { FEV1_NAMESPACE, pointsOfSaleEnvelope, readPointsOfSaleReply } from './wsfe';
import { FECRED_NAMESPACE, obligationEnvelope, readObligationReply } from './wsfecred';

/** Where the services are (configuration: AFIP_WSAA_URL_*, AFIP_WSFE_URL_*, AFIP_WSFECRED_URL_*, AFIP_TIMEOUT_MS). */
export interface AfipEndpoints {
  wsaa: Record<AfipEnvironment, string>;
  wsfe: Record<AfipEnvironment, string>;
  wsfecred: Record<AfipEnvironment, string>;
  /** Bound on one exchange with a web service. */
  timeoutMs: number;
}

/** WSAA, WSFEv1 and WSFECRED over SOAP 1.1, at configurable addresses. */
export class AfipSoapClient implements AfipServices {
  constructor(
    private readonly endpoints: AfipEndpoints,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async login(environment: AfipEnvironment, credentials: AfipCredentials, service: string): Promise<AccessTicket> {
    const now = this.clock();
    let cms: string;
    try {
      cms = signLoginTicketRequest(loginTicketRequest(service, now), credentials, now);
    } catch (error) {
      // node-forge reads fewer certificate forms than OpenSSL: say so as WSAA would of an unusable CMS.
      throw new AfipFault('cms.bad', `the stored certificate and key cannot sign a login request: ${(error as Error).message}`);
    }
    const reply = await postSoap(
      this.endpoints.wsaa[environment],
      loginEnvelope(cms),
      { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
      this.endpoints.timeoutMs,
    );
    return readLoginReply(reply.status, reply.body);
  }

  async pointsOfSale(environment: AfipEnvironment, ticket: Pick<AccessTicket, 'token' | 'sign'>, cuit: string): Promise<PointsOfSaleAnswer> {
    const reply = await postSoap(
      this.endpoints.wsfe[environment],
      pointsOfSaleEnvelope(ticket, cuit),
      { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${FEV1_NAMESPACE}FEParamGetPtosVenta"` },
      this.endpoints.timeoutMs,
    );
    return readPointsOfSaleReply(reply.status, reply.body);
  }

  async receiverObligation(
    environment: AfipEnvironment,
    ticket: Pick<AccessTicket, 'token' | 'sign'>,
    representedCuit: string,
    cuit: string,
    day: string,
  ): Promise<ObligationAnswer> {
    const reply = await postSoap(
      this.endpoints.wsfecred[environment],
      obligationEnvelope(ticket, representedCuit, cuit, day),
      { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${FECRED_NAMESPACE}consultarMontoObligadoRecepcion"` },
      this.endpoints.timeoutMs,
    );
    return readObligationReply(reply.status, reply.body);
  }
}
