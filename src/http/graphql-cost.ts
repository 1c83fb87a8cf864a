import {
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isObjectType,
  isInterfaceType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { getArgumentValues } from 'graphql/execution/values';
import type { ComplexityArgs } from '../resolvers/connection';

export type FieldComplexity = number | ((args: ComplexityArgs) => number);

/** Work done by one cost computation, so tests can check it grows with the document, not with its expansion. */
export interface CostStats {
  nodesVisited: number;
}

type Variables = Record<string, unknown>;

function included(node: FieldNode | { directives?: FieldNode['directives'] }, variables: Variables): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node as FieldNode, variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node as FieldNode, variables);
  return include?.if !== false;
}

/**
 * The cost of an operation: one point per field, unless the field declares a `complexity` (a number added to its
 * children's cost, or a function of its arguments — a connection multiplies by its page size). Every fragment's cost
 * is computed once and reused wherever it is spread, so a document whose fragments spread each other many times
 * costs work proportional to its size while its cost (the work it would cause) still multiplies.
 * Selections on abstract types add up every type's fields (an upper bound, never an underestimate).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Variables,
  stats: CostStats = { nodesVisited: 0 },
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const fragmentCosts = new Map<string, number>();

  const fieldOf = (type: GraphQLNamedType, name: string): GraphQLField<unknown, unknown> | undefined => {
    // Introspection's entry points are defined outside the query type's own fields.
    if (type === schema.getQueryType() && name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (type === schema.getQueryType() && name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
  };

  const selectionCost = (selectionSet: SelectionSetNode, type: GraphQLNamedType): number => {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      stats.nodesVisited++;
      if (!included(selection, variables)) continue;
      if (selection.kind === Kind.FIELD) {
        cost += fieldCost(selection, type);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (condition) cost += selectionCost(selection.selectionSet, condition);
      } else {
        cost += fragmentCost(selection.name.value);
      }
    }
    return cost;
  };

  const fragmentCost = (name: string): number => {
    const known = fragmentCosts.get(name);
    if (known !== undefined) return known;
    // A cycle is refused by validation before this runs; the placeholder only guarantees termination.
    fragmentCosts.set(name, 0);
    const fragment = fragments.get(name);
    const type = fragment && schema.getType(fragment.typeCondition.name.value);
    const cost = fragment && type ? selectionCost(fragment.selectionSet, type) : 0;
    fragmentCosts.set(name, cost);
    return cost;
  };

  const fieldCost = (node: FieldNode, parent: GraphQLNamedType): number => {
    const field = fieldOf(parent, node.name.value);
    // `__typename` (and anything validation let through without a definition) is one point.
    if (!field) return 1;
    const child = getNamedType(field.type);
    const childComplexity = node.selectionSet ? selectionCost(node.selectionSet, child) : 0;
    const complexity = field.extensions?.complexity as FieldComplexity | undefined;
    if (typeof complexity === 'function') return complexity({ args: getArgumentValues(field, node, variables), childComplexity });
    if (typeof complexity === 'number') return complexity + childComplexity;
    return 1 + childComplexity;
  };

  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  return selectionCost(operation.selectionSet, root);
}
