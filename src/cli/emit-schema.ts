import fs from 'node:fs';
import path from 'node:path';
import { gatewaySchema, printGatewaySchema } from '../resolvers/gateway-schema';

/** `npm run schema`: writes schema.graphql at the repository root. */
gatewaySchema()
  .then((schema) => {
    const file = path.join(__dirname, '..', '..', 'schema.graphql');
    fs.writeFileSync(file, printGatewaySchema(schema));
    process.stdout.write(`wrote ${file}\n`);
  })
  .catch((error: Error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
