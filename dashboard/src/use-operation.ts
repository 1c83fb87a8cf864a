import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useEffect, useState } from 'preact/hooks';
import { request, type Session } from './api';

export interface Operation<Result> {
  data: Result | null;
  error: Error | null;
  /** Replaces the data in place (after a mutation answered the changed record). */
  setData: (change: (data: Result) => Result) => void;
  reload: () => void;
}

/** A screen's one query: sent again when `key` (its variables, as text) changes or on reload(). */
export function useOperation<Result, Variables>(session: Session, document: TypedDocumentNode<Result, Variables>, variables: Variables): Operation<Result> {
  const [data, setData] = useState<Result | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [round, setRound] = useState(0);
  const key = JSON.stringify(variables);
  useEffect(() => {
    let current = true;
    setError(null);
    request(session, document, variables).then(
      (answer) => current && setData(answer),
      (failure: Error) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [session, document, key, round]);
  return {
    data,
    error,
    setData: (change) => setData((previous) => (previous ? change(previous) : previous)),
    reload: () => setRound((value) => value + 1),
  };
}
