/** API scopes, exactly as the seed service names them. */
export const SCOPES = [
  'suppliers:read',
  'suppliers:write',
  'expenses:read',
  'expenses:write',
  'supplies:read',
  'supplies:write',
  'delivery_notes:read',
  'delivery_notes:write',
  'received_invoices:read',
  'received_invoices:write',
  'invoices:read',
  'invoices:write',
  'accounting:read',
  'accounting:write',
  'stats:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Roles of web-panel users; a session carries every scope of its user's role. */
export const ROLES = {
  owner: SCOPES,
  viewer: SCOPES.filter((scope) => scope.endsWith(':read')),
} as const satisfies Record<string, readonly Scope[]>;

export type Role = keyof typeof ROLES;

/**
 * Parses `a:read,b:write`; `area:*` stands for every scope of that area. Unknown scopes are an error, so a typo
 * never silently grants nothing.
 */
export function parseScopes(text: string): Scope[] {
  const out = new Set<Scope>();
  for (const raw of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (raw.endsWith(':*')) {
      const area = raw.slice(0, -1);
      const matching = SCOPES.filter((scope) => scope.startsWith(area));
      if (matching.length === 0) throw new Error(`unknown scope area: ${raw}`);
      for (const scope of matching) out.add(scope);
    } else if (isScope(raw)) out.add(raw);
    else throw new Error(`unknown scope: ${raw} (known: ${SCOPES.join(', ')})`);
  }
  return [...out];
}
