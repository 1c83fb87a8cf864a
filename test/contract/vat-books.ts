import type { ContractOperations } from './operation-types';

/** §4.6 VAT books (`/api/v1/iva`); scopes of §5 (accounting modules). */
export const vatBooks: ContractOperations = {
  section: '4.6',
  name: 'VAT books',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  operations: [
    { method: 'GET', path: '/iva/config/', access: 'read' },
    { method: 'PUT', path: '/iva/config/', access: 'write' },
    { method: 'GET', path: '/iva/books/{period}/{book_type}/', access: 'read' },
    { method: 'GET', path: '/iva/books/{book_id}/entries/', access: 'read' },
    { method: 'POST', path: '/iva/books/{book_id}/entries/', access: 'write' },
    { method: 'PUT', path: '/iva/entries/{entry_id}/', access: 'write' },
    { method: 'DELETE', path: '/iva/entries/{entry_id}/', access: 'write' },
    { method: 'POST', path: '/iva/books/{period}/close/', access: 'write' },
    // §3.8: a period is closed before it is reopened; on a fresh account the answer is a refusal (an open period).
    { method: 'POST', path: '/iva/books/{period}/reopen/', access: 'write', refusedWhenFresh: true },
    { method: 'GET', path: '/iva/summary/{period}/', access: 'read' },
    { method: 'POST', path: '/iva/summary/{period}/calculate/', access: 'write' },
    { method: 'GET', path: '/iva/declaration/{period}/', access: 'read' },
    { method: 'GET', path: '/iva/export/{period}/{book_type}/', access: 'read', download: true },
  ],
};
