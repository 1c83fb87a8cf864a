import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum UserRole {
  owner = 'owner',
  viewer = 'viewer',
}
registerEnumType(UserRole, { name: 'UserRole', description: 'owner: every scope; viewer: every :read scope.' });

@ObjectType({ description: 'A web-panel user of the account (who registered or reverted a record).' })
export class User {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  email!: string;

  @Field(() => UserRole)
  role!: UserRole;
}
