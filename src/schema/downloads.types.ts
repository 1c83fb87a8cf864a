import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A signed link to a download, for a browser to open without headers (docs/exports.md).' })
export class SignedUrl {
  @Field(() => String, { description: 'Path and query below the gateway’s host, signed: open it as it is.' }) url!: string;
  @Field(() => String, { description: 'When the link stops opening (ISO 8601; a few minutes after it was made).' }) expiresAt!: string;
}
