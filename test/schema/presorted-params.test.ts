import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { presortedLists } from '../../src/resolvers/presorted-params';

/**
 * The schema's resolver parameter lists are sorted once when it is built (src/resolvers/presorted-params.ts): the
 * library still keeps them where that finds them. Parameters arriving in the wrong order would fail every suite.
 */
it('finds and sorts the parameter lists of the resolvers', async () => {
  await gatewaySchema();
  // Every query, mutation and field resolver with a parameter: well over a hundred.
  expect(presortedLists()).toBeGreaterThan(100);
});
