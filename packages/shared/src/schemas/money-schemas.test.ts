import { describe, expect, it } from 'vitest';
import { ActivityQuery } from './activity';
import { CreateDepositRequest, DEPOSIT_MESSAGES } from './deposits';
import { CreateWithdrawalRequest, DestinationRequest, WITHDRAWAL_MESSAGES } from './withdrawals';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('CreateDepositRequest', () => {
  it('turns the amount into cents and defaults the gateway currency to btc', () => {
    expect(CreateDepositRequest.parse({ amount: '19.99', payment_method: 'nowpayment' })).toEqual({
      amount: 1999,
      payment_method: 'nowpayment',
      currency: 'btc',
    });
    expect(
      CreateDepositRequest.parse({ amount: 50, payment_method: 'bank_transfer', currency: 'eth' }),
    ).toEqual({
      amount: 5000,
      payment_method: 'bank_transfer',
      currency: 'usd',
    });
  });

  it.each([
    [{ payment_method: 'bank_transfer' }, DEPOSIT_MESSAGES.invalidAmount],
    [{ amount: 0, payment_method: 'bank_transfer' }, DEPOSIT_MESSAGES.invalidAmount],
    [{ amount: -5, payment_method: 'bank_transfer' }, DEPOSIT_MESSAGES.invalidAmount],
    [{ amount: 'abc', payment_method: 'bank_transfer' }, DEPOSIT_MESSAGES.invalidAmount],
    [{ amount: 0.5, payment_method: 'bank_transfer' }, DEPOSIT_MESSAGES.minimum],
    [{ amount: 1.234, payment_method: 'bank_transfer' }, 'Amount may have at most 2 decimals.'],
    [{ amount: '1e13', payment_method: 'bank_transfer' }, DEPOSIT_MESSAGES.invalidAmount],
    [{ amount: '9999999999999', payment_method: 'bank_transfer' }, 'Amount is too large.'],
    [{ amount: 10, payment_method: 'paypal' }, DEPOSIT_MESSAGES.invalidMethod],
    [{ amount: 10, payment_method: 'nowpayment', currency: 'doge' }, DEPOSIT_MESSAGES.invalidCurrency],
  ])('refuses %j with a message', (body, message) => {
    expect(messages(CreateDepositRequest.safeParse(body))).toContain(message);
  });
});

describe('CreateWithdrawalRequest', () => {
  it('needs an amount of at least $1, a method and the withdrawal information', () => {
    expect(
      messages(
        CreateWithdrawalRequest.safeParse({ amount: 10, withdrawal_method: 'crypto', destination: '  ' }),
      ),
    ).toEqual([WITHDRAWAL_MESSAGES.destinationRequired]);
    expect(
      messages(
        CreateWithdrawalRequest.safeParse({ amount: 0.99, withdrawal_method: 'crypto', destination: 'x' }),
      ),
    ).toEqual([WITHDRAWAL_MESSAGES.minimum]);
    expect(
      CreateWithdrawalRequest.parse({ amount: '10.50', withdrawal_method: 'bank_transfer', destination: 'x' })
        .amount,
    ).toBe(1050);
  });
});

describe('DestinationRequest', () => {
  it('accepts well-formed addresses for their network', () => {
    for (const [asset, network, address] of [
      ['BTC', 'bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
      ['BTC', 'bitcoin', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
      ['usdt', 'ERC20', '0x52908400098527886E0F7030069857D2E4169EE7'],
      ['USDT', 'trc20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'],
    ]) {
      expect(DestinationRequest.safeParse({ kind: 'crypto', asset, network, address }).success).toBe(true);
    }
  });

  it('refuses an address of another format and an asset on a network that does not carry it', () => {
    expect(
      messages(
        DestinationRequest.safeParse({
          kind: 'crypto',
          asset: 'BTC',
          network: 'bitcoin',
          address: '0x52908400098527886E0F7030069857D2E4169EE7',
        }),
      ),
    ).toEqual([WITHDRAWAL_MESSAGES.addressInvalid]);
    expect(
      messages(
        DestinationRequest.safeParse({
          kind: 'crypto',
          asset: 'BTC',
          network: 'trc20',
          address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
        }),
      ),
    ).toEqual([WITHDRAWAL_MESSAGES.networkInvalid]);
  });

  it('checks bank fields', () => {
    const result = DestinationRequest.safeParse({
      kind: 'bank',
      bank_name: '',
      account_name: 'A',
      account_number: '12',
      routing_number: '1234',
    });
    expect(messages(result)).toEqual([
      WITHDRAWAL_MESSAGES.bankNameRequired,
      WITHDRAWAL_MESSAGES.accountNumberInvalid,
      WITHDRAWAL_MESSAGES.routingNumberInvalid,
    ]);
  });
});

describe('ActivityQuery', () => {
  it('treats empty filters as absent and defaults to 10 per page', () => {
    expect(ActivityQuery.parse({ type: '', start_date: '' })).toEqual({ page: 1, per_page: 10 });
  });
  it('refuses an end date before the start date and impossible dates', () => {
    expect(messages(ActivityQuery.safeParse({ start_date: '2026-02-02', end_date: '2026-02-01' }))).toEqual([
      'The end date must be on or after the start date.',
    ]);
    expect(messages(ActivityQuery.safeParse({ start_date: '2026-02-30' }))).toEqual([
      'Enter a date as YYYY-MM-DD.',
    ]);
  });
});
