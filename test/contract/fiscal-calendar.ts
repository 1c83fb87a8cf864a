import type { ContractOperations } from './operation-types';

/** §4.9 Fiscal calendar (`/api/v1/accounting/fiscal-calendar`); scopes of §5 (accounting modules). */
export const fiscalCalendar: ContractOperations = {
  section: '4.9',
  name: 'fiscal calendar',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  operations: [
    { method: 'GET', path: '/accounting/fiscal-calendar/', access: 'read' },
    { method: 'GET', path: '/accounting/fiscal-calendar/upcoming/', access: 'read' },
    { method: 'POST', path: '/accounting/fiscal-calendar/seed/', access: 'write' },
    { method: 'POST', path: '/accounting/fiscal-calendar/{deadline_id}/complete/', access: 'write' },
  ],
};
