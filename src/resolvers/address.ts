import type { StoredAddress } from '../store/address';
import type { Address } from '../schema/common';

/** A stored address in its GraphQL shape (`text` for the one-line form). */
export function toAddress(address: StoredAddress | undefined): Address | null {
  if (typeof address === 'string') return { text: address };
  if (!address) return null;
  return { street: address.street, city: address.city, state: address.state, postalCode: address.postal_code, country: address.country };
}
