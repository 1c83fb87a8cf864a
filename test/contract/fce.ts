import type { ContractOperations } from './operation-types';

/**
 * §4.4 FCE (`/api/v1/fce`), scopes of §5 (FCE and issuing vouchers). §5.4: eligibility needs the write scope although
 * it changes nothing, so a read-only key is refused; an empty body is still a 200 (every field a reason, §7).
 */
export const fce: ContractOperations = {
  section: '4.4',
  name: 'FCE',
  scopes: { read: 'invoices:read', write: 'invoices:write' },
  operations: [
    { method: 'POST', path: '/fce/eligibility/', access: 'write' },
    { method: 'GET', path: '/fce/threshold/', access: 'read' },
    { method: 'PUT', path: '/fce/threshold/', access: 'write', body: { value: 5549862 } },
    { method: 'POST', path: '/fce/events/{fce_invoice_id}/', access: 'write', body: { event_type: 'accepted' } },
    { method: 'GET', path: '/fce/events/{fce_invoice_id}/', access: 'read' },
    { method: 'GET', path: '/fce/issued/', access: 'read' },
  ],
};
