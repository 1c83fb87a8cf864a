import type { AuthChecker } from 'type-graphql';
import type { Scope } from '../domain/auth/scopes';
import { requirePrincipal, type RequestContext } from '../domain/context';
import { ForbiddenError } from '../domain/errors';

/** `@Authorized('suppliers:read')`: no principal → UNAUTHENTICATED; a missing scope → FORBIDDEN naming it. */
export const authChecker: AuthChecker<RequestContext, Scope> = ({ context }, scopes) => {
  const principal = requirePrincipal(context);
  const missing = scopes.filter((scope) => !principal.scopes.has(scope));
  if (missing.length) throw new ForbiddenError(`this operation needs the scope ${missing.join(', ')}`);
  return true;
};
