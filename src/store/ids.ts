import { ObjectId } from 'mongodb';

/** An id from a client, or null when it is not one of ours (a malformed id reads as "not found"). */
export function parseId(id: unknown): ObjectId | null {
  return typeof id === 'string' && /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null;
}
