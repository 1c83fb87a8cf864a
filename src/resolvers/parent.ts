import { createParameterDecorator } from 'type-graphql';

/**
 * The object a field belongs to, as its resolver returned it. TypeGraphQL's `@Parent()` copies it into a new instance
 * of the parameter's class for every field it resolves (a page of 100 delivery notes of 3 lines is hundreds of
 * copies, the largest share of its CPU after garbage collection), which no resolver here needs.
 */
export const Parent = () => createParameterDecorator(({ root }) => root);
