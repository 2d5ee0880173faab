import { describe, expect, it } from 'vitest';
import type { Plan } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { seedPlanCatalogue } from './plans.service';

const { app } = await createTestApp();
const { db } = app.deps.database;
expect(await seedPlanCatalogue(db, app.deps.clock.now())).toBeGreaterThan(3);

const getPlans = async (query = '') => {
  const response = await app.inject({ method: 'GET', url: `/api/plans${query}` });
  return response;
};

describe('GET /api/plans', () => {
  it('gives the spec’s tiers with their real and display fields, without signing in', async () => {
    const response = await getPlans();
    expect(response.statusCode).toBe(200);
    const plans = response.json<Plan[]>();
    const byName = new Map(plans.map((plan) => [plan.name, plan]));
    expect(byName.get('Starter')).toMatchObject({
      plan_name: 'Starter',
      category: 'personal',
      apy_bps: 800,
      apy: 8,
      min_amount: 100,
      price: 100,
      change: '+8.00%',
      duration_days: null,
      duration: 'Flexible',
      status: 'active',
      // $100 for a year at 8%.
      expected_yield: 8,
    });
    expect(byName.get('Growth')).toMatchObject({
      apy_bps: 1200,
      min_amount: 5000,
      price: 5000,
      change: '+12.00%',
      duration_days: 182,
      duration: '6 months',
      // $5,000 × 12% × 182 / 365 = 299.178… → 299.18
      expected_yield: 299.18,
    });
    expect(byName.get('Prime')).toMatchObject({
      min_amount: 100_000,
      locked_apy_bps: 1800,
      locked_apy: 18,
      duration: '12 months',
    });
    expect(byName.get('Mining Pool')?.status).toBe('inactive');
    const categories = new Set(plans.map((plan) => plan.category));
    expect(categories).toContain('personal');
    expect(categories).toContain('business');
  });

  it('filters by category', async () => {
    const response = await getPlans('?category=business');
    expect(response.statusCode).toBe(200);
    const plans = response.json<Plan[]>();
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((plan) => plan.category === 'business')).toBe(true);
    expect((await getPlans('?category=unheard-of')).json()).toEqual([]);
    expect((await getPlans('?category=')).json<Plan[]>().length).toBe(
      (await getPlans()).json<Plan[]>().length,
    );
  });

  it('refuses a malformed category with a message', async () => {
    const response = await getPlans('?category=%27%3B%20drop');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors?.category).toEqual(['Choose a category of letters, digits, - or _.']);
  });

  it('seeds only an empty catalogue', async () => {
    const before = (await getPlans()).json<Plan[]>().length;
    expect(await seedPlanCatalogue(db, app.deps.clock.now())).toBe(0);
    expect((await getPlans()).json<Plan[]>()).toHaveLength(before);
  });
});
