import type { ContractOperations } from './operation-types';

/** §4.11 Withholdings and perceptions (`/api/v1/accounting/retenciones-percepciones`); scopes of §5 (accounting modules). */
const BASE = '/accounting/retenciones-percepciones';

export const withholdingsAndPerceptions: ContractOperations = {
  section: '4.11',
  name: 'withholdings and perceptions',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  operations: [
    { method: 'GET', path: `${BASE}/config/`, access: 'read' },
    { method: 'PUT', path: `${BASE}/config/`, access: 'write' },
    { method: 'GET', path: `${BASE}/regimes/`, access: 'read' },
    // A regime needs its code, tax, description and date.
    { method: 'POST', path: `${BASE}/regimes/`, access: 'write', needsBody: true },
    { method: 'GET', path: `${BASE}/retenciones/`, access: 'read' },
    // A calculation and an apply need the payment: supplier, date, amount, regimes.
    { method: 'POST', path: `${BASE}/retenciones/calculate/`, access: 'write', needsBody: true },
    { method: 'POST', path: `${BASE}/retenciones/apply/`, access: 'write', needsBody: true },
    { method: 'GET', path: `${BASE}/percepciones/`, access: 'read' },
    { method: 'POST', path: `${BASE}/percepciones/calculate/`, access: 'write', needsBody: true },
    { method: 'GET', path: `${BASE}/certificates/`, access: 'read' },
    { method: 'POST', path: `${BASE}/certificates/`, access: 'write', needsBody: true },
    { method: 'GET', path: `${BASE}/ddjj/{period}/`, access: 'read' },
  ],
};
