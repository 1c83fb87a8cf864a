import type { AddressDocument, StoredAddress } from '../store/address';

/** A validated address input as stored: its text, or the parts given; undefined when nothing was given. */
export function storedAddress(address: {
  text?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}): StoredAddress | undefined {
  if (address.text) return address.text;
  const out: AddressDocument = {};
  if (address.street) out.street = address.street;
  if (address.city) out.city = address.city;
  if (address.state) out.state = address.state;
  if (address.postalCode) out.postal_code = address.postalCode;
  if (address.country) out.country = address.country;
  return Object.keys(out).length ? out : undefined;
}
