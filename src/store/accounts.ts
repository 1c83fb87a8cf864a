import type { ObjectId } from 'mongodb';
import type { Role, Scope } from '../domain/auth/scopes';

/** One business: every other document belongs to exactly one account. */
export type AccountDocument = {
  _id: ObjectId;
  name: string;
  cuit: string;
  settings: { widgets: Record<string, boolean>; allow_negative_stock?: boolean };
  created_at: Date;
  updated_at: Date;
};

export type UserDocument = {
  _id: ObjectId;
  account_id: ObjectId;
  email: string;
  password_hash: string;
  role: Role;
  created_at: Date;
  updated_at: Date;
};

export type ApiKeyDocument = {
  _id: ObjectId;
  account_id: ObjectId;
  user_id: ObjectId | null;
  name: string;
  scopes: Scope[];
  key_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

export type SessionDocument = {
  _id: ObjectId;
  account_id: ObjectId;
  user_id: ObjectId;
  token_hash: string;
  csrf_hash: string;
  created_at: Date;
  expires_at: Date;
};
