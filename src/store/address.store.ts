/** A postal address as stored: the legacy one-line text, or its parts. */
export type AddressDocument = {
  street?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
};

export type StoredAddress = string | AddressDocument;
