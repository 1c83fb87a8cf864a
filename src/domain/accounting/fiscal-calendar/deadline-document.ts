import type { ObjectId } from 'mongodb';
import type { TenantDocument } from '../../../store/tenant-collection';
import type { ScheduledDeadline } from './schedule';

/** A stored deadline: what the deadlines and an account's own days both read and write. */
export type FiscalDeadlineDocument = TenantDocument &
  ScheduledDeadline & {
    /** Stored: pending or completed. Overdue is derived when read (pending and due before today), never stored. */
    status: 'pending' | 'completed';
    completed_at?: Date;
    completed_by?: ObjectId | null;
  };
