import type {
  BankDestinationInput,
  CryptoDestinationInput,
  DestinationListResponse,
  DestinationResponse,
} from '@app/shared';
import { MAX_SAVED_DESTINATIONS, WITHDRAWAL_MESSAGES } from '@app/shared';
import type { z } from 'zod';
import type { DbOrTx } from '@app/db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { holdOpenAccount } from '../auth/account.service';
import * as repository from './withdrawals.repository';
import { toDestination } from './withdrawals.service';

type DestinationInput = z.output<typeof BankDestinationInput> | z.output<typeof CryptoDestinationInput>;

function fields(input: DestinationInput) {
  const none = {
    bankName: null,
    accountName: null,
    accountNumber: null,
    routingNumber: null,
    asset: null,
    network: null,
    address: null,
  };
  return input.kind === 'bank'
    ? {
        ...none,
        kind: 'bank' as const,
        label: input.label ?? null,
        bankName: input.bank_name,
        accountName: input.account_name,
        accountNumber: input.account_number,
        routingNumber: input.routing_number,
      }
    : {
        ...none,
        kind: 'crypto' as const,
        label: input.label ?? null,
        asset: input.asset,
        network: input.network,
        address: input.address,
      };
}

export async function listDestinations(deps: AppDeps, userId: number): Promise<DestinationListResponse> {
  return { data: (await repository.listDestinations(deps.database.db, userId)).map(toDestination) };
}

/**
 * A member's saved destination; the first one (or one marked default) becomes the default. At most
 * MAX_SAVED_DESTINATIONS: one more is a 422 and saves nothing (decision 215).
 */
export async function createDestination(
  deps: AppDeps,
  userId: number,
  input: DestinationInput,
): Promise<DestinationResponse> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    // One member's destination changes take turns, and with a closing (decision 215): 401 once closed.
    await holdOpenAccount(tx, userId);
    const saved = await repository.countDestinations(tx, userId);
    if (saved >= MAX_SAVED_DESTINATIONS)
      throw new AppError('BUSINESS_RULE', WITHDRAWAL_MESSAGES.destinationLimit);
    const first = saved === 0;
    const isDefault = first || input.is_default === true;
    if (isDefault) await repository.clearDefault(tx, userId);
    const row = await repository.insertDestination(tx, {
      userId,
      ...fields(input),
      isDefault,
      createdAt: now,
      updatedAt: now,
    });
    return { message: WITHDRAWAL_MESSAGES.destinationSaved, destination: toDestination(row) };
  });
}

/** PATCH replaces the destination's details (the same body as POST); 404 for another member's. */
export async function updateDestination(
  deps: AppDeps,
  userId: number,
  id: number,
  input: DestinationInput,
): Promise<DestinationResponse> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    await holdOpenAccount(tx, userId);
    const existing = await repository.findDestination(tx, userId, id);
    if (!existing) throw AppError.notFound(WITHDRAWAL_MESSAGES.destinationNotFound);
    const isDefault = input.is_default ?? existing.isDefault;
    if (isDefault && !existing.isDefault) await repository.clearDefault(tx, userId);
    const row = await repository.updateDestination(tx, userId, id, {
      ...fields(input),
      isDefault,
      updatedAt: now,
    });
    if (!row) throw AppError.notFound(WITHDRAWAL_MESSAGES.destinationNotFound);
    return { message: WITHDRAWAL_MESSAGES.destinationSaved, destination: toDestination(row) };
  });
}

export async function deleteDestination(
  deps: AppDeps,
  userId: number,
  id: number,
): Promise<{ message: string }> {
  return deps.database.db.transaction(async (tx) => {
    await holdOpenAccount(tx, userId);
    if (!(await repository.deleteDestination(tx, userId, id))) {
      throw AppError.notFound(WITHDRAWAL_MESSAGES.destinationNotFound);
    }
    return { message: WITHDRAWAL_MESSAGES.destinationDeleted };
  });
}

/**
 * Forgets every saved destination of the member, in the caller's transaction: the account passed to
 * the address's owner, and what whoever signed up with it saved is not the owner's (decision 172).
 */
export async function forgetDestinations(tx: DbOrTx, userId: number): Promise<number> {
  return repository.deleteDestinationsOf(tx, userId);
}
