/** Bad input or a refused payments command: the message is printed as it is and the command exits 1. */
export class PaymentsCommandError extends Error {}
