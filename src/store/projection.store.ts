import type { Document } from 'mongodb';

/** The fields a caller asked for, by name, each with the fields asked of it (`{}` for a leaf). */
export interface Selection {
  [field: string]: Selection;
}

/**
 * Which stored fields each field of a record is read from; a nested record (an array of subdocuments) has the path
 * it is stored under and its own sources. Declared next to the stored document type.
 */
export interface FieldSources {
  [field: string]: readonly string[] | { path: string; sources: FieldSources };
}

export interface ProjectionSpec {
  sources: FieldSources;
  /** Stored fields the mapping to the API reads whatever is selected (it may not find them missing). */
  always: readonly string[];
}

/** Adds the stored paths `selection` reads; false when it asks for a field with no declared source. */
function collect(selection: Selection, sources: FieldSources, prefix: string, paths: Set<string>): boolean {
  for (const [field, sub] of Object.entries(selection)) {
    if (field === '__typename') continue;
    const source = sources[field];
    if (!source) return false;
    if (Array.isArray(source)) for (const path of source) paths.add(prefix + path);
    else if (!collect(sub, (source as { sources: FieldSources }).sources, `${prefix}${(source as { path: string }).path}.`, paths)) return false;
  }
  return true;
}

/**
 * The projection that reads only what `selection` needs, or undefined (the whole document) as soon as the selection
 * holds a field without a declared source: a field added later is never read as missing. A path inside another
 * selected path is dropped (MongoDB refuses the pair as a path collision).
 */
export function projectionFor(selection: Selection, spec: ProjectionSpec): Document | undefined {
  const paths = new Set<string>(spec.always);
  if (!collect(selection, spec.sources, '', paths)) return undefined;
  const kept = [...paths].filter((path) => ![...paths].some((other) => path.startsWith(`${other}.`)));
  // An empty projection would read whole documents.
  return kept.length ? Object.fromEntries(kept.map((path) => [path, 1])) : { _id: 1 };
}
