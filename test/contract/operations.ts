import { bankReconciliation } from './bank';
import { fce } from './fce';
import { fiscalCalendar } from './fiscal-calendar';
import { fiscalClose } from './fiscal-close';
import { stats } from './stats';
import type { ContractOperations } from './operation-types';
import { vatBooks } from './vat-books';

/** Every operation-only section of the contract the gateway serves; a new section adds its module here. */
export const CONTRACT_OPERATIONS: ContractOperations[] = [fiscalCalendar, fiscalClose, bankReconciliation, vatBooks, fce, stats];
