import type { Request, Response } from 'express';

let page: string | undefined;

/** The offline GraphiQL page (its 9 MB bundle is loaded on first use, not at start-up). */
export function serveGraphiQL(_req: Request, res: Response): void {
  if (!page) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { renderGraphiQL } = require('@graphql-yoga/render-graphiql') as typeof import('@graphql-yoga/render-graphiql');
    page = renderGraphiQL({
      title: 'Gateway GraphiQL',
      endpoint: '/graphql',
      headers: JSON.stringify({ 'X-API-Key': '' }, null, 2),
      defaultQuery: '{\n  suppliers(first: 10) {\n    totalCount\n    nodes { id name taxId status }\n  }\n}\n',
    } as never);
  }
  res.type('html').send(page);
}

/** A browser navigating to /graphql wants the IDE, not a GraphQL-over-HTTP answer. */
export function wantsGraphiQL(req: Request): boolean {
  return (
    req.method === 'GET' && req.query.query === undefined && req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html'
  );
}
