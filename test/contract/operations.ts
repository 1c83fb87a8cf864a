import { bankReconciliation } from './bank';
import { fce } from './fce';
import { fiscalCalendar } from './fiscal-calendar';
import { fiscalClose } from './fiscal-close';
import { stats } from './stats';
import type { ContractOperations } from './operation-types';
import { vatBooks } from './vat-books';
import { withholdingsAndPerceptions } from './withholdings';

/** Every operation-only section of the contract the gateway serves; a new section adds its module here. */
export const CONTRACT_OPERATIONS: ContractOperations[] = [fiscalCalendar, fiscalClose, bankReconciliation, vatBooks, fce, withholdingsAndPerceptions, stats];
