import { z } from 'zod';
import type { AddressDocument, StoredAddress } from '../store/address.store';

const addressPart = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** A postal address input: `text` alone (the legacy one-line form), or its parts. */
export const addressSchema = z
  .object({
    text: addressPart(500).nullish(),
    street: addressPart(200).nullish(),
    city: addressPart(100).nullish(),
    state: addressPart(100).nullish(),
    postalCode: addressPart(20).nullish(),
    country: addressPart(100).nullish(),
  })
  .strict()
  .refine((address) => !(address.text && (address.street || address.city || address.state || address.postalCode || address.country)), {
    message: 'give the address either as one text or as its parts, not both',
  });

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
