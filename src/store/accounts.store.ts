import type { ObjectId } from 'mongodb';

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
  /** A role name (the domain knows the roles). */
  role: string;
  created_at: Date;
  updated_at: Date;
};

export type ApiKeyDocument = {
  _id: ObjectId;
  account_id: ObjectId;
  user_id: ObjectId | null;
  name: string;
  /** Scope names (the domain knows the scopes). */
  scopes: string[];
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
