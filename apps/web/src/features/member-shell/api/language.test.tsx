import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { i18n, setLanguage } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { useMe } from '#lib/session';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { useLanguageSync } from './language';

/** The member shell's part: who is signed in, and the language kept in step with their saved one. */
function Shell() {
  const { data } = useMe();
  useLanguageSync(data);
  return <p>{data ? `signed in as ${data.username}` : 'loading'}</p>;
}

function serverWithSaved(language: string) {
  window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
  return fakeApi({
    'GET /api/me': () => json({ ...USER, language }),
    'PUT /api/me/language': (request) => json({ language: (request.body as { language: string }).language }),
  });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("the member's saved language (decision 234)", () => {
  it('saves the language chosen on this device, and again when the member picks another', async () => {
    await setLanguage('es');
    const server = serverWithSaved('en');
    renderScreen('/', <Shell />);
    await waitFor(() => expect(server.to('PUT /api/me/language')).toHaveLength(1));
    expect(server.to('PUT /api/me/language')[0]?.body).toEqual({ language: 'es' });
    await setLanguage('ar');
    await waitFor(() => expect(server.to('PUT /api/me/language')).toHaveLength(2));
    expect(server.to('PUT /api/me/language')[1]?.body).toEqual({ language: 'ar' });
    expect(i18n.resolvedLanguage).toBe('ar');
  });

  it('on a device where no language was chosen, reads the app in the saved one and saves nothing', async () => {
    const server = serverWithSaved('ar');
    renderScreen('/', <Shell />);
    await waitFor(() => expect(i18n.resolvedLanguage).toBe('ar'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(server.to('PUT /api/me/language')).toHaveLength(0);
    // Shown, not chosen: the device keeps no choice of its own for the next member who signs in on it.
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
  });

  it('asks nothing when the saved language is the one on screen', async () => {
    await setLanguage('es');
    const server = serverWithSaved('es');
    renderScreen('/', <Shell />);
    await screen.findByText(`signed in as ${USER.username}`);
    expect(server.to('PUT /api/me/language')).toHaveLength(0);
    expect(i18n.resolvedLanguage).toBe('es');
  });
});
