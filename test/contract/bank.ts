import type { ContractOperations } from './operation-types';

/** §4.8 Bank reconciliation (`/api/v1/accounting/bank`); scopes of §5 (accounting modules). */
export const bankReconciliation: ContractOperations = {
  section: '4.8',
  name: 'bank reconciliation',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  operations: [
    { method: 'GET', path: '/accounting/bank/statements/', access: 'read' },
    { method: 'GET', path: '/accounting/bank/statements/{statement_id}/', access: 'read' },
    { method: 'POST', path: '/accounting/bank/import/', access: 'write', needsBody: true },
    { method: 'POST', path: '/accounting/bank/auto-match/{statement_id}/', access: 'write' },
    { method: 'POST', path: '/accounting/bank/manual-match/', access: 'write', needsBody: true },
  ],
};
