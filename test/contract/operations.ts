import { fce } from './fce';
import { fiscalCalendar } from './fiscal-calendar';
import { fiscalClose } from './fiscal-close';
import type { ContractOperations } from './operation-types';

/** Every operation-only section of the contract the gateway serves; a new section adds its module here. */
export const CONTRACT_OPERATIONS: ContractOperations[] = [fiscalCalendar, fiscalClose, fce];
