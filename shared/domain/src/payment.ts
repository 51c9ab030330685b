/** An order counts as paid when its status starts with 'paid' or contains 'go ahead' (SPEC section 4). */
export function isPaid(paymentStatus: string | null | undefined): boolean {
  if (!paymentStatus) return false;
  const status = paymentStatus.toLowerCase();
  return status.startsWith('paid') || status.includes('go ahead');
}
