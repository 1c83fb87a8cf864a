import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { signLink } from '../domain/auth/signed-links';
import type { RequestContext } from '../domain/context';
import { SignedUrl } from '../schema/downloads.types';

@Resolver()
export class DownloadResolver {
  // The scope is the download's (accounting:read for the reports and books, delivery_notes:read for remitos): checked
  // by signLink for the path asked, so a link never opens more than its signer could.
  @Authorized()
  @Query(() => SignedUrl, {
    description:
      'A short-lived signed link (5 minutes) to a REST download: an …/export/ (XLSX or CSV) or …/pdf/ route with its query, e.g. `/api/v1/iva/books/2025-03-purchases/entries/export/?format=xlsx`. Opened without headers; altered: 403 LINK_INVALID; late: 401 LINK_EXPIRED.',
  })
  downloadUrl(@Ctx() context: RequestContext, @Arg('path', () => String) path: string): SignedUrl {
    const link = signLink(context, path);
    return { url: link.url, expiresAt: link.expiresAt.toISOString() };
  }
}
