import { ACTIVITY_PAGE_SIZE, PLANS_PAGE_SIZE } from '@app/shared/constants';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api';
import { api, withQuery } from './api-client';
import { memberPageData, startEarlyData } from './early-data';
import { frontSettingsUrl } from './front-settings';
import { STORAGE_KEYS } from './storage';

describe('a member page’s first data, started by the entry (decision 170)', () => {
  it('asks for exactly what the screens ask for, in the interface language', () => {
    expect(memberPageData('/dashboard', 'es')).toEqual([
      '/api/me',
      frontSettingsUrl('es'),
      '/api/notifications?page=1&per_page=20&lang=es',
      '/api/plans',
    ]);
    // The screens' own URLs, built as they build them (get-user-plans.ts, get-activity.ts).
    expect(memberPageData('/plans', 'en')).toContain(
      withQuery('/api/pp', { page: 1, per_page: PLANS_PAGE_SIZE }),
    );
    expect(memberPageData('/my-portfolio/', 'en')).toContain(withQuery('/api/pp', { page: 1, per_page: 10 }));
    expect(memberPageData('/activity', 'en')).toContain(
      withQuery('/api/activity', { page: 1, per_page: ACTIVITY_PAGE_SIZE }),
    );
    expect(memberPageData('/', 'en')).toBeNull();
    expect(memberPageData('/admin', 'en')).toBeNull();
  });

  it('starts nothing without a member token', () => {
    const server = fakeApi({});
    expect(startEarlyData('/dashboard')).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('sends each request once: the screen takes the early answer, and a later call asks again', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|member');
    let goals = 0;
    const server = fakeApi({ 'GET /api/goals': () => json({ data: [], call: (goals += 1) }) });
    expect(startEarlyData('/my-goals')).toBe(true);
    const early = server.to('GET /api/goals');
    expect(early).toHaveLength(1);
    expect(early[0]?.headers.Authorization).toBe('Bearer 1|member');
    expect(early[0]?.credentials).toBe('include');
    await expect(api.get('/api/goals')).resolves.toEqual({ data: [], call: 1 });
    expect(server.to('GET /api/goals')).toHaveLength(1);
    await expect(api.get('/api/goals')).resolves.toEqual({ data: [], call: 2 });
    expect(server.to('GET /api/goals')).toHaveLength(2);
  });

  it('does not hand an answer made for one member to another token, nor to an admin call', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|member');
    const server = fakeApi({
      'GET /api/referrals': (request) => json({ auth: request.headers.Authorization }),
    });
    startEarlyData('/rewards');
    window.localStorage.setItem(STORAGE_KEYS.token, '2|other');
    await expect(api.get('/api/referrals')).resolves.toEqual({ auth: 'Bearer 2|other' });
    expect(server.to('GET /api/referrals')).toHaveLength(2);
  });

  it('reports an early answer’s failure as the API client does', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|member');
    fakeApi({ 'GET /api/loans': () => json({ message: 'Nope.' }, 500) });
    startEarlyData('/explore');
    await expect(api.get('/api/loans')).rejects.toMatchObject({ status: 500, message: 'Nope.' });
  });
});
