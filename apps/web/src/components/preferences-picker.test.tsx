import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi } from '../test/fake-api';
import { renderScreen } from '../test/render';
import { PreferencesPicker } from './preferences-picker';

describe('language and currency picker', () => {
  it('switches to Arabic right-to-left and keeps both choices locally', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderScreen('/', <PreferencesPicker />);
    const picker = await screen.findByRole('combobox', { name: 'Language and currency' });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await user.selectOptions(picker, 'currency:EUR');
    expect(window.localStorage.getItem(STORAGE_KEYS.currency)).toBe('EUR');

    await user.selectOptions(picker, 'language:ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    expect(await screen.findByRole('combobox', { name: 'اللغة والعملة' })).toHaveDisplayValue(
      'العربية · EUR €',
    );

    await user.selectOptions(screen.getByRole('combobox'), 'language:es');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(document.documentElement).toHaveAttribute('lang', 'es');
  });
});
