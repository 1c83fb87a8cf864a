import type { Document } from 'mongodb';

/**
 * Pesos in centavos of a stored amount: foreign currency at the document's own exchange rate, half a centavo rounded
 * up as Argentine vouchers round (the server's `$round` rounds half to even, which would lose a centavo now and then).
 */
export const pesosCents = (field: string): Document => ({
  $floor: { $add: [{ $multiply: [{ $ifNull: [`$${field}`, 0] }, { $ifNull: ['$exchange_rate', 1] }] }, 0.5] },
});
