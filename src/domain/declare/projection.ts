import type { FieldSources, ProjectionSpec } from '../../store/projection.store';
import { storedName, type FieldSpec, type ResourceDeclaration } from './field';

function sourcesOf(fields: Record<string, FieldSpec>): FieldSources {
  const sources: FieldSources = {};
  for (const [name, spec] of Object.entries(fields))
    sources[name] = spec.kind === 'lines' ? { path: storedName(name, spec), sources: sourcesOf(spec.fields) } : [storedName(name, spec)];
  return sources;
}

/**
 * Which stored fields each GraphQL field of a declared resource reads, so a list reads only what its caller
 * selected. `extra` names the sources of fields resolved beside the declaration (`customer`, or `items.product`
 * for a field of the lines); a selected field with no source makes the list read whole records.
 */
export function projectionOf(declaration: ResourceDeclaration, extra: Record<string, readonly string[]> = {}): ProjectionSpec {
  const sources: FieldSources = {
    id: ['_id'],
    ...sourcesOf(declaration.fields),
    createdAt: ['created_at'],
    updatedAt: ['updated_at'],
    revision: ['revision'],
    etag: ['revision'],
  };
  for (const [path, stored] of Object.entries(extra)) {
    const [head, field] = path.split('.');
    const lines = sources[head];
    if (field && lines && !Array.isArray(lines)) (lines as { sources: FieldSources }).sources[field] = stored;
    else sources[path] = stored;
  }
  return { sources, always: [] };
}
