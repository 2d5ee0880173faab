import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeToken } from '#lib/tokens';
import { fakeApi, json } from '../test/fake-api';
import { useActivity } from '../features/activity/api/get-activity';
import { useSaveGoalFromChat } from '../features/goals/api/assistant-api';
import { useCreateGoal } from '../features/goals/api/goals-api';
import { usePortfolioGoals } from '../features/investing/api/get-goals';
import { useUserPlans } from '../features/investing/api/get-user-plans';
import { useWithdrawUserPlan } from '../features/investing/api/withdraw-user-plan';
import { useConvertPoints } from '../features/rewards/api/convert-points';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

/**
 * A money action shows at once on the other screens the member has open or opens next, not after the
 * app's 30 s staleTime: the activity, the member's plans and the goals read again after it.
 */

function ActivityList() {
  const activity = useActivity({ type: '', start_date: '', end_date: '' }, 1);
  return (
    <ul aria-label="Activity">
      {activity.data?.data.map((item) => (
        <li key={item.id}>{item.description}</li>
      ))}
    </ul>
  );
}

function PlanList() {
  const plans = useUserPlans(1);
  return (
    <ul aria-label="My plans">
      {plans.data?.data.map((plan) => (
        <li key={plan.id}>{plan.name}</li>
      ))}
    </ul>
  );
}

function GoalList() {
  const goals = usePortfolioGoals(true);
  return (
    <ul aria-label="My goals">
      {goals.data?.data.map((goal) => (
        <li key={goal.id}>{goal.name}</li>
      ))}
    </ul>
  );
}

const GOAL = { name: 'Bike', target_amount: '1500', target_frequency: 'monthly', target_date: null };

function Actions() {
  const convert = useConvertPoints();
  const saveFromChat = useSaveGoalFromChat();
  const create = useCreateGoal();
  const withdraw = useWithdrawUserPlan();
  return (
    <>
      <button onClick={() => convert.mutate(100)}>Redeem points</button>
      <button onClick={() => saveFromChat.mutate({ ...GOAL, target_frequency: 'monthly', plan_id: 3 })}>
        Save from the chat
      </button>
      <button onClick={() => create.mutate({ ...GOAL, plan_id: 3 })}>Create goal</button>
      <button onClick={() => withdraw.mutate(5)}>Withdraw plan</button>
    </>
  );
}

const ok = { message: 'Done.', plan: {}, goal: {} };
const BEFORE = 'Nothing new yet';

/** Each list shows BEFORE until `action` is posted, then what it changed (else BEFORE still). */
function serverWhere(action: string, after: { activity?: string; plans?: string; goals?: string }) {
  let done = false;
  const list = (name: string | undefined) =>
    [done && name ? name : BEFORE].map((text) => ({ id: 1, name: text, description: text, detail: {} }));
  fakeApi({
    'GET /api/activity': () => json({ data: list(after.activity), meta: {} }),
    'GET /api/pp': () => json({ data: list(after.plans), meta: {} }),
    'GET /api/goals': () => json({ data: list(after.goals), summary: {} }),
    [action]: () => {
      done = true;
      return json(ok);
    },
  });
}

function renderScreens() {
  storeToken('member', '1|member-token');
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ActivityList />
      <PlanList />
      <GoalList />
      <Actions />
    </AppProviders>,
  );
}

const LISTS = { activity: 'Activity', plans: 'My plans', goals: 'My goals' } as const;

describe('screens after a money action (the app’s 30 s staleTime)', () => {
  it.each([
    ['Redeem points', 'POST /api/convert-points', { activity: 'Loyalty points redeemed' }],
    [
      'Save from the chat',
      'POST /api/ai/save-goal',
      { activity: 'Goal contribution', plans: 'Growth (Bike)', goals: 'Bike' },
    ],
    [
      'Create goal',
      'POST /api/goals',
      { activity: 'Goal contribution', plans: 'Growth (Bike)', goals: 'Bike' },
    ],
    [
      'Withdraw plan',
      'POST /api/pp/5/withdraw',
      { activity: 'Plan withdrawn', goals: 'Bike: $0.00 invested' },
    ],
  ] as const)('%s: the other lists show what changed at once', async (button, action, after) => {
    serverWhere(action, after);
    const user = userEvent.setup();
    renderScreens();
    for (const name of Object.values(LISTS)) {
      expect(await within(screen.getByRole('list', { name })).findByText(BEFORE)).toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: button }));
    for (const [key, name] of Object.entries(LISTS)) {
      const text = (after as Partial<Record<string, string>>)[key];
      if (text) expect(await within(screen.getByRole('list', { name })).findByText(text)).toBeInTheDocument();
    }
  });
});
