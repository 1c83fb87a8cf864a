import { ConflictError } from './errors';

/** Allowed moves of a status field: from → the statuses it may go to. */
export type StateMachine<S extends string> = Readonly<Record<S, readonly S[]>>;

/** Refuses a move the machine does not allow with 409 INVALID_TRANSITION naming both ends. */
export function assertTransition<S extends string>(machine: StateMachine<S>, what: string, from: S, to: S): void {
  if (!machine[from]?.includes(to)) {
    const allowed = machine[from]?.length ? machine[from].join(', ') : 'none (final status)';
    throw new ConflictError(
      `a ${what} cannot go from ${from} to ${to} (allowed from ${from}: ${allowed})`,
      [{ path: 'status', message: `${from} → ${to} is not allowed` }],
      'INVALID_TRANSITION',
    );
  }
}
