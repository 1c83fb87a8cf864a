import { ApiError } from './api';

export function Loading() {
  return (
    <p class="loading" aria-live="polite">
      Cargando…
    </p>
  );
}

export function Failure({ error }: { error: Error }) {
  return (
    <p class="error" role="alert">
      {error.message}
      {error instanceof ApiError ? ` (${error.code})` : ''}
    </p>
  );
}
