// The sandbox's own market: prices, exchange rates, fees, sell bounds, banks and account holders.
// None of this is a contract fact (the documents say these "vary by currency and provider" and are
// read at run time); it is the data the local sandbox answers with, kept in one place so tests and
// docs/sandbox.md can point at it.

/** A record's own entry; a request value such as `constructor` or `__proto__` finds nothing. */
export function own<T>(rec: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(rec, key) ? rec[key] : undefined;
}

/** Tokens each network carries (orders/prices answers 6 for any other pair). */
export const NETWORK_TOKENS: Record<string, readonly string[]> = {
  ERC20: ['USDT', 'USDC', 'ETH'],
  TRC20: ['USDT', 'TRX'],
  TON: ['USDT', 'TON'],
};

/** Token prices in USD. */
export const TOKEN_USD: Record<string, number> = { USDT: 1, USDC: 1, ETH: 3000, TRX: 0.25, TON: 5, BTC: 60000 };

/** Units of fiat per USD. A fiat not listed here has no provider (error 46). */
export const FIAT_PER_USD: Record<string, number> = {
  VND: 25000,
  PHP: 58,
  IDR: 16000,
  THB: 36,
  BRL: 5.5,
  ARS: 1000,
  PEN: 3.75,
  GEL: 2.7,
  NGN: 1500,
  GHS: 15,
  ZAR: 18,
  KES: 130,
};

/** Fiat currencies each product pays out in (doc 1 §4.15 lists VND, PHP, IDR for cashout). */
export const SCAN_TO_PAY_FIAT: readonly string[] = ['VND', 'PHP', 'IDR', 'THB', 'BRL', 'ARS', 'PEN', 'GEL', 'NGN'];
export const CASHOUT_FIAT: readonly string[] = ['VND', 'PHP', 'IDR'];

/** Fiat with no minor unit (amounts are whole numbers). */
const WHOLE_FIAT = new Set(['VND', 'IDR']);

/** Sell bounds, in USD, turned into each fiat by `sellBounds`. */
const MIN_SELL_USD = 0.2;
const MAX_SELL_USD = 2000;
/** Fees: a system fee proportional to the amount and a fixed processing fee. */
const SYSTEM_FEE_RATE = 0.01;
const PROCESSING_FEE_USD = 0.04;

export function roundFiat(fiat: string, n: number): number {
  return WHOLE_FIAT.has(fiat) ? Math.round(n) : Math.round(n * 100) / 100;
}

/** Token amounts keep 6 decimals, rounded up so the fund never covers less than the payout. */
export function roundToken(n: number): number {
  return Math.ceil(n * 1e6 - 1e-6) / 1e6;
}

export function roundBalance(n: number): number {
  return Math.round(n * 1e8) / 1e8;
}

/** Price of one token in a fiat, or undefined when either is unknown. */
export function tokenPrice(token: string, fiat: string): number | undefined {
  const usd = own(TOKEN_USD, token);
  const rate = own(FIAT_PER_USD, fiat);
  if (usd === undefined || rate === undefined) return undefined;
  return roundFiat(fiat, usd * rate);
}

export function sellBounds(fiat: string): { minSell: number; maxSell: number } | undefined {
  const rate = own(FIAT_PER_USD, fiat);
  if (rate === undefined) return undefined;
  return { minSell: Math.ceil(MIN_SELL_USD * rate), maxSell: Math.floor(MAX_SELL_USD * rate) };
}

export interface Quote {
  fiatAmount: number | undefined;
  currency: string;
  price: number;
  tokenAmount: number;
  totalPayment: number;
  processingFee: number;
  systemFee: number;
}

/**
 * A quote for paying `fiatAmount` out (the recipient's amount), or for selling `tokenAmount`
 * (then fiatAmount is undefined, as review-sell-order echoes it, doc 1 §4.12).
 */
export function quote(token: string, fiat: string, by: { fiatAmount: number } | { tokenAmount: number }): Quote | undefined {
  const price = tokenPrice(token, fiat);
  const rate = own(FIAT_PER_USD, fiat);
  if (price === undefined || rate === undefined || price <= 0) return undefined;
  const processingFee = roundFiat(fiat, PROCESSING_FEE_USD * rate);
  if ('fiatAmount' in by) {
    const systemFee = roundFiat(fiat, by.fiatAmount * SYSTEM_FEE_RATE);
    const totalPayment = roundFiat(fiat, by.fiatAmount + systemFee + processingFee);
    return {
      fiatAmount: by.fiatAmount,
      currency: token,
      price,
      tokenAmount: roundToken(totalPayment / price),
      totalPayment,
      processingFee,
      systemFee,
    };
  }
  const totalPayment = roundFiat(fiat, by.tokenAmount * price);
  const systemFee = roundFiat(fiat, (totalPayment - processingFee) * (SYSTEM_FEE_RATE / (1 + SYSTEM_FEE_RATE)));
  return { fiatAmount: undefined, currency: token, price, tokenAmount: by.tokenAmount, totalPayment, processingFee, systemFee };
}

/** What an amount is worth in USD (caps are in USD, doc 1 §8). */
export function fiatToUsd(fiat: string, amount: number): number {
  const rate = own(FIAT_PER_USD, fiat);
  return rate ? amount / rate : amount;
}

export interface Bank {
  bankCode: string;
  bankName: string;
  logo: string;
}

const bank = (bankCode: string, bankName: string): Bank => ({
  bankCode,
  bankName,
  logo: `https://sandbox.invalid/logos/${bankCode.toLowerCase()}.png`,
});

/** Banks by fiat currency. VND codes are NAPAS BINs (what VietQR carries); PHP codes are BICs (QR Ph). */
export const BANKS: Record<string, readonly Bank[]> = {
  VND: [
    bank('970436', 'Vietcombank'),
    bank('970415', 'VietinBank'),
    bank('970418', 'BIDV'),
    bank('970405', 'Agribank'),
    bank('970422', 'MB Bank'),
    bank('970407', 'Techcombank'),
    bank('970432', 'VPBank'),
    bank('970423', 'TPBank'),
    bank('970416', 'ACB'),
    bank('970403', 'Sacombank'),
  ],
  PHP: [
    bank('GXCHPHM2XXX', 'GCash'),
    bank('PAPHPHM1XXX', 'Maya'),
    bank('BNORPHMMXXX', 'BDO Unibank'),
    bank('BOPIPHMMXXX', 'Bank of the Philippine Islands'),
    bank('MBTCPHMMXXX', 'Metrobank'),
  ],
  IDR: [bank('93600014', 'BCA'), bank('93600008', 'Bank Mandiri'), bank('93600009', 'BNI'), bank('93600002', 'BRI')],
  THB: [bank('PROMPTPAY', 'PromptPay')],
  BRL: [bank('PIX', 'PIX')],
  NGN: [bank('044', 'Access Bank'), bank('058', 'GTBank'), bank('033', 'UBA')],
  GHS: [bank('GH030100', 'GCB Bank')],
  ZAR: [bank('632005', 'ABSA'), bank('250655', 'FNB')],
  KES: [bank('01', 'KCB'), bank('68', 'Equity Bank')],
};

export function bankName(code: string): string | undefined {
  for (const list of Object.values(BANKS)) {
    const b = list.find((x) => x.bankCode === code);
    if (b) return b.bankName;
  }
  return undefined;
}

/** Test triggers on account numbers (docs/sandbox.md). */
export const ACCOUNT_PAYOUT_FAILS = '0000000012';
export const ACCOUNT_BLACKLISTED = '0000000065';

/** Account numbers are 6 to 19 digits; those starting 999 belong to nobody (verification fails). */
export function accountHolder(bankAccountNumber: string): string | undefined {
  if (!/^\d{6,19}$/.test(bankAccountNumber) || bankAccountNumber.startsWith('999')) return undefined;
  const names = ['NGUYEN VAN AN', 'TRAN THI BINH', 'LE VAN CUONG', 'PHAM THI DUNG', 'HOANG VAN EM', 'DANG THI GIANG'];
  let h = 0;
  for (const c of bankAccountNumber) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return names[h % names.length];
}

export { CALLING_CODES } from '../catalogue/formats';
