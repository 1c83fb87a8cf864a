import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import hashes from 'virtual:persisted-operations';

/** What login answers and every later request needs: the CSRF token of the session cookie, and who signed in. */
export interface Session {
  csrf: string;
  email: string;
  role: string;
}

const STORED = 'dashboard.session';

/** The session of this tab (the cookie is httpOnly; its CSRF token lives as long as the tab). */
export function storedSession(): Session | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORED) ?? 'null') as Session | null;
    return value && typeof value.csrf === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function forgetSession(): void {
  sessionStorage.removeItem(STORED);
}

/** An answer of the gateway that is an error: its stable code and message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export async function login(email: string, password: string): Promise<Session> {
  const response = await fetch('/api/v1/auth/login', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!response.ok) throw new ApiError(body?.error?.message ?? 'no se pudo ingresar', body?.error?.code ?? 'UNKNOWN');
  const session: Session = { csrf: body.data.csrf_token, email: body.data.user.email, role: body.data.user.role };
  sessionStorage.setItem(STORED, JSON.stringify(session));
  return session;
}

export async function logout(session: Session): Promise<void> {
  await fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'same-origin', headers: { 'x-csrf-token': session.csrf } });
  forgetSession();
}

function operationName(document: TypedDocumentNode<unknown, unknown>): string {
  for (const definition of document.definitions) if (definition.kind === 'OperationDefinition' && definition.name) return definition.name.value;
  throw new Error('an operation without a name cannot be sent by hash');
}

/** Listeners told when the gateway no longer knows the session (expired, logged out elsewhere). */
export const sessionLost = new EventTarget();

/**
 * One GraphQL operation, sent by its hash: the gateway knows the dashboard's documents (the build's manifest), so the
 * text never travels. Errors become an ApiError with the first error's code.
 */
export async function request<Result, Variables>(session: Session, document: TypedDocumentNode<Result, Variables>, variables: Variables): Promise<Result> {
  const name = operationName(document as TypedDocumentNode<unknown, unknown>);
  const operation = { operationName: name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: hashes[name] } } };
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf },
    body: JSON.stringify(operation),
  });
  return answerOf<Result>(response.status, await response.json());
}

export function answerOf<Result>(status: number, json: { data?: Result; errors?: Array<{ message: string; extensions?: { code?: string } }> }): Result {
  const error = json.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? 'UNKNOWN';
    if (status === 401 || code === 'UNAUTHENTICATED') sessionLost.dispatchEvent(new Event('lost'));
    throw new ApiError(error.message, code);
  }
  return json.data as Result;
}

/**
 * A mutation with one file (the GraphQL multipart request), sent with XMLHttpRequest: fetch reports no upload
 * progress. `onProgress` gets the share of the body sent, 0 to 1.
 */
export function upload<Result, Variables extends { file: unknown }>(
  session: Session,
  document: TypedDocumentNode<Result, Variables>,
  variables: Variables,
  file: File,
  onProgress: (sent: number) => void,
): Promise<Result> {
  const name = operationName(document as TypedDocumentNode<unknown, unknown>);
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({ operationName: name, variables: { ...variables, file: null }, extensions: { persistedQuery: { version: 1, sha256Hash: hashes[name] } } }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/graphql');
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-csrf-token', session.csrf);
    // Apollo refuses a multipart request without it (a simple cross-site form could send one).
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(answerOf<Result>(xhr.status, JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError('no se pudo enviar el archivo', 'NETWORK_ERROR'));
    xhr.send(form);
  });
}
