import 'reflect-metadata';
import { parse, validate, specifiedRules } from 'graphql';
import { gatewaySchema } from './src/schema/build';
import { introspectionListsRule } from './src/http/graphql-limits';
gatewaySchema().then((schema) => {
  console.log(validate(schema, parse('{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }'), [...specifiedRules, introspectionListsRule]));
  console.log(validate(schema, parse(`{ __schema { ...S } } fragment S on __Schema { types { ...T } } fragment T on __Type { fields { type { ...U } } }
      fragment U on __Type { interfaces { fields { name } } }`), [...specifiedRules, introspectionListsRule]));
});
