import type { CurrencyName, ShopContact, TransferInstructions } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import type { ManualMethodName } from './logic';

/**
 * Where a manual transfer goes. The naira account, the PayPal e-mail and the bitcoin address are the
 * shop's contact data (setting 'shopContact', shown in the footer too); the dollar and pound accounts
 * are the setting 'transferAccounts', with these defaults until the shop sets its own.
 */
export interface TransferAccount {
  bankName: string;
  accountName: string;
  accountNumber: string;
  sortCode?: string;
  iban?: string;
  routingNumber?: string;
  swiftCode?: string;
}

export interface TransferAccounts {
  leadBankTransfer: TransferAccount;
  natwestTransfer: TransferAccount;
}

export const DEFAULT_TRANSFER_ACCOUNTS: TransferAccounts = {
  leadBankTransfer: { bankName: 'Lead Bank', accountName: 'Adire Blooms LLC', accountNumber: '210045671234', routingNumber: '101019644' },
  natwestTransfer: {
    bankName: 'NatWest',
    accountName: 'Adire Blooms UK Ltd',
    accountNumber: '31926819',
    sortCode: '60-16-13',
    iban: 'GB29 NWBK 6016 1331 9268 19',
    swiftCode: 'NWBKGB2L',
  },
};

interface TransferCommon {
  method: ManualMethodName;
  amount: number;
  currency: CurrencyName;
  reference: string;
}

/** A bank account's instructions: its details, the amount, and the order number as the transfer's reference. */
function accountInstructions(heading: string, a: TransferAccount, common: TransferCommon, money: string): TransferInstructions {
  return {
    heading,
    details: [
      { label: 'Bank', value: a.bankName },
      { label: 'Account name', value: a.accountName },
      { label: 'Account number', value: a.accountNumber },
      ...(a.sortCode ? [{ label: 'Sort code', value: a.sortCode }] : []),
      ...(a.routingNumber ? [{ label: 'Routing number', value: a.routingNumber }] : []),
      ...(a.iban ? [{ label: 'IBAN', value: a.iban }] : []),
      ...(a.swiftCode ? [{ label: 'SWIFT / BIC', value: a.swiftCode }] : []),
      { label: 'Amount', value: `${money} (${common.currency})` },
    ],
    note: `Write your order number ${common.reference} as the transfer reference. We check our account and e-mail you as soon as your payment is confirmed; your order is then arranged.`,
    ...common,
    bankName: a.bankName,
    accountName: a.accountName,
    accountNumber: a.accountNumber,
    ...(a.sortCode ? { sortCode: a.sortCode } : {}),
    ...(a.routingNumber ? { routingNumber: a.routingNumber } : {}),
    ...(a.iban ? { iban: a.iban } : {}),
    ...(a.swiftCode ? { swiftCode: a.swiftCode } : {}),
  };
}

/** What the shopper sends, where, and what to quote: the order number. */
export function transferInstructions(input: {
  method: ManualMethodName;
  amount: number;
  currency: CurrencyName;
  orderNumber: string;
  contact: Pick<ShopContact, 'bank' | 'bitcoinAddress' | 'paypalEmail'> | null;
  accounts: TransferAccounts;
}): TransferInstructions {
  const { method, amount, currency, orderNumber } = input;
  const money = formatAmount(amount, currency);
  const common = { method, amount, currency, reference: orderNumber };
  const account = (heading: string, a: TransferAccount) => accountInstructions(heading, a, common, money);
  switch (method) {
    case 'gtbTransfer': {
      const bank = input.contact?.bank ?? { bankName: 'Guaranty Trust Bank', accountName: 'Adire Blooms Ltd', accountNumber: '0123456789' };
      return account(`Transfer ${money} to our ${bank.bankName} account`, bank);
    }
    case 'leadBankTransfer':
      return account(`Send ${money} to our US dollar account`, input.accounts.leadBankTransfer);
    case 'natwestTransfer':
      return account(`Transfer ${money} to our UK account`, input.accounts.natwestTransfer);
    case 'bitcoinTransfer': {
      const address = input.contact?.bitcoinAddress ?? '';
      return {
        heading: `Send the equivalent of ${money} in bitcoin`,
        details: [
          { label: 'Bitcoin address', value: address },
          { label: 'Amount', value: `${money} (${currency}) in bitcoin at the current rate` },
        ],
        note: `Send the bitcoin equivalent of ${money}, then tell us the amount and the transaction reference with your order number ${orderNumber}. We confirm after one network confirmation.`,
        ...common,
        bitcoinAddress: address,
      };
    }
  }
}
