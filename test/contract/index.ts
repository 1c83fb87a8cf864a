import { additionalTaxpayers } from './additional-taxpayers';
import { deliveryNotes } from './delivery-notes';
import { expenses } from './expenses';
import { issuedVouchers } from './issued-vouchers';
import { journalEntries } from './journal-entries';
import { ledgerAccounts } from './ledger-accounts';
import { receivedInvoices } from './received-invoices';
import { suppliers } from './suppliers';
import { supplies } from './supplies';
import { supplyConsumptions } from './supply-consumptions';
import { taxRules } from './tax-rules';
import { taxpayerData } from './taxpayer-data';
import type { ContractResource } from './types';

/** Every resource of the contract the gateway serves; a new resource adds its module here. */
export const CONTRACT: ContractResource[] = [
  deliveryNotes,
  suppliers,
  expenses,
  supplies,
  supplyConsumptions,
  ledgerAccounts,
  journalEntries,
  receivedInvoices,
  taxRules,
  additionalTaxpayers,
  issuedVouchers,
  taxpayerData,
];
