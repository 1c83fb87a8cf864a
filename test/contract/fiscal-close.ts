import type { ContractOperations } from './operation-types';

/** §4.10 Fiscal close (`/api/v1/accounting/fiscal-close`); scopes of §5 (accounting modules). */
export const fiscalClose: ContractOperations = {
  section: '4.10',
  name: 'fiscal close',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  operations: [
    { method: 'GET', path: '/accounting/fiscal-close/years/', access: 'read' },
    { method: 'GET', path: '/accounting/fiscal-close/calculate/{year}/', access: 'read' },
    { method: 'POST', path: '/accounting/fiscal-close/close/{year}/', access: 'write' },
  ],
};
