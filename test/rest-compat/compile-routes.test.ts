import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { compileRoutes } from '../../src/http/rest-router';
import { ROUTES } from '../../src/rest-compat/routes';
import type { RestRoute } from '../../src/rest-compat/route';

describe('stored REST documents are checked against the schema at boot', () => {
  it('every route of the table compiles', async () => {
    expect(compileRoutes(await gatewaySchema(), ROUTES)).toHaveLength(ROUTES.length);
  });

  it('a document that no longer matches the schema stops start-up with a message naming the route', async () => {
    const broken: RestRoute = { ...ROUTES[0], path: '/suppliers/broken/', document: 'query Broken { suppliers { nodes { noSuchField } } }' };
    const unparsable: RestRoute = { ...ROUTES[0], method: 'post', path: '/suppliers/unparsable/', document: 'query {' };
    const schema = await gatewaySchema();
    expect(() => compileRoutes(schema, [...ROUTES, broken, unparsable])).toThrow(
      /GET \/suppliers\/broken\/: Cannot query field "noSuchField" on type "Supplier"[\s\S]*POST \/suppliers\/unparsable\/: Syntax Error/,
    );
  });
});
