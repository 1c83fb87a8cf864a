import { IVA_BOOKS_STEP } from './iva/upgrade';
import { DAILY_TOTALS_STEP } from './stats/daily-totals';

/** The one-time steps a store gets at start-up, after the per-record upgrades (see upgradeStoredData), in order. */
export const STARTUP_STEPS = [DAILY_TOTALS_STEP, IVA_BOOKS_STEP];
