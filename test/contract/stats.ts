import type { ContractOperations } from './operation-types';

/**
 * §4.15 Statistics (`/api/v1/stats`), scope of §5: "Read-only", so every operation is a read, the POST of the
 * transaction series included (a query with a body); the area has no write scope.
 */
export const stats: ContractOperations = {
  section: '4.15',
  name: 'Statistics',
  scopes: { read: 'stats:read' },
  operations: [
    { method: 'GET', path: '/stats/dashboard/', access: 'read' },
    { method: 'GET', path: '/stats/activity/', access: 'read' },
    { method: 'POST', path: '/stats/transactions/', access: 'read', body: { measure: 'purchases', interval: 'month', from: '2026-01-01', to: '2026-06-30' } },
  ],
};
