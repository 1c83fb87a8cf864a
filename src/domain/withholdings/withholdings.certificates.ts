import type { WithholdingCertificateDocument, WithholdingDocument } from '../../store/withholdings.store';
import { parseId } from '../../store/ids';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError, notFound } from '../errors';
import { getWithholdingConfig } from './withholdings.config';
import { certificateFor } from './payments';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

/** A certificate of the account, or 404. */
export async function getCertificate(context: RequestContext, id: string): Promise<WithholdingCertificateDocument> {
  const _id = parseId(id);
  const certificate =
    _id &&
    (await context.store
      .collection<WithholdingCertificateDocument>('withholding_certificates')
      .findOne({ _id, account_id: requirePrincipal(context).accountId }));
  if (!certificate) throw notFound('certificate', id);
  return certificate;
}

/**
 * Issues the certificate of a withholding applied without one (issueCertificates false, e.g. while the agent
 * decided how to number them), with the next number of its tax; one per withholding (409 CERTIFICATE_EXISTS), none
 * for a withholding that came to zero (409 NOTHING_WITHHELD).
 */
export function issueCertificate(context: RequestContext, withholdingId: string): Promise<WithholdingCertificateDocument> {
  const accountId = requirePrincipal(context).accountId;
  return context.store.transaction(
    async (session) => {
      const _id = parseId(withholdingId);
      const withholding = _id && (await context.store.collection<WithholdingDocument>('withholdings').findOne({ _id, account_id: accountId }, { session }));
      if (!withholding) throw notFound('withholding', withholdingId);
      if (withholding.certificate_id)
        throw new ConflictError(
          `withholding ${withholdingId} already has certificate ${withholding.certificate_number}`,
          [{ path: 'withholdingId', message: 'has a certificate' }],
          'CERTIFICATE_EXISTS',
        );
      if (withholding.amount_cents <= 0)
        throw new ConflictError(
          `withholding ${withholdingId} withheld nothing: there is nothing to certify`,
          [{ path: 'withholdingId', message: 'withheld nothing' }],
          'NOTHING_WITHHELD',
        );
      const certificate = await certificateFor(context, withholding, await getWithholdingConfig(context, session), session);
      await recordChanges(
        context,
        [actionOn('withholding_certificates', 'withholding certificate', 'created', certificate, `Nº ${certificate.number}`)],
        session,
      );
      return certificate;
    },
    { queue: `withholdings:${accountId.toHexString()}` },
  );
}
