import { Kind, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { Selection } from '../domain/resource';

/** The fields of a selection set by name (aliases and fragments resolved, same-named fields merged). */
function selectionOf(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, into: Selection = {}): Selection {
  for (const node of set?.selections ?? []) {
    if (node.kind === Kind.FIELD) {
      const name = node.name.value;
      into[name] = selectionOf(node.selectionSet, fragments, into[name] ?? {});
    } else if (node.kind === Kind.INLINE_FRAGMENT) {
      selectionOf(node.selectionSet, fragments, into);
    } else {
      selectionOf(fragments[node.name.value]?.selectionSet, fragments, into);
    }
  }
  return into;
}

/**
 * What a connection field's caller asked of each item (under `nodes` and `edges.node`), for the store to read only
 * that. Conditional fields (`@include`/`@skip`) count as asked.
 */
export function nodeSelection(info: GraphQLResolveInfo): Selection {
  const connection: Selection = {};
  for (const node of info.fieldNodes) selectionOf(node.selectionSet, info.fragments, connection);
  return mergeInto(mergeInto({}, connection.nodes), connection.edges?.node);
}

function mergeInto(into: Selection, from: Selection | undefined): Selection {
  for (const [name, sub] of Object.entries(from ?? {})) into[name] = mergeInto(into[name] ?? {}, sub);
  return into;
}

/** The selections of fields by their nodes: the items of a list share their field's nodes. */
const fieldSelections = new WeakMap<readonly FieldNode[], Selection>();

/** What the caller asked of this field's value (for a field resolver that loads one record per parent). */
export function fieldSelection(info: GraphQLResolveInfo): Selection {
  let selection = fieldSelections.get(info.fieldNodes);
  if (!selection) {
    selection = {};
    for (const node of info.fieldNodes) selectionOf(node.selectionSet, info.fragments, selection);
    fieldSelections.set(info.fieldNodes, selection);
  }
  return selection;
}
