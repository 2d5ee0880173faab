import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { meQueryKey, useMe } from '#lib/session';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ProfilePage } from './profile-page';

const FILLED = {
  ...USER.profile,
  country: 'DE',
  first_name: 'Anna',
  last_name: 'Schmidt',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  employment_status: 'Employed',
};

describe('profile (spec §2 Profile, §5, §8)', () => {
  it("says 'Loading user profile...' then shows who, the tiles and the stored profile", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () =>
        json({
          ...USER,
          loyalty_points: 1250,
          balance: 40.5,
          total_earnings: 2.25,
          total_deposit: 100,
          profile: FILLED,
        }),
    });
    renderScreen('/profile', <ProfilePage />);
    expect(screen.getByRole('status', { name: 'Loading user profile...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'ada_l' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('profile-points')).toHaveTextContent('1,250');
    expect(screen.getByTestId('profile-balance')).toHaveTextContent('$40.50');
    expect(screen.getByTestId('profile-earnings')).toHaveTextContent('$2.25');
    expect(screen.getByTestId('profile-deposit')).toHaveTextContent('$100.00');
    const country = screen.getByLabelText('Country of residence');
    // Every country once, named by the library; Germany chosen.
    expect(await within(country).findByRole('option', { name: 'Germany' })).toBeInTheDocument();
    expect(within(country).getAllByRole('option', { name: 'Germany' })).toHaveLength(1);
    expect(within(country).getAllByRole('option').length).toBeGreaterThan(240);
    expect(country).toHaveValue('DE');
    expect(screen.getByLabelText('First name')).toHaveValue('Anna');
    expect(screen.getByLabelText('Employment status')).toHaveValue('Employed');
    expect(
      within(screen.getByLabelText('Total wealth'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', '< $10,000', '$10,000 - $50,000', '$50,000 - $100,000', '> $100,000']);
    expect(screen.getByRole('group', { name: 'Legal Name & Address' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Regulatory Information' })).toBeInTheDocument();
    expect(screen.getByText('Your data is encrypted and securely stored.')).toBeInTheDocument();
  });

  it('lets a tile’s amount wrap on a phone only before its currency, in Spanish and Arabic too', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/me': () => json({ ...USER, balance: 4969.39, total_deposit: 12_500 }) });
    for (const [language, deposit] of [
      ['es', /12\.500,00\u0020US\$/u],
      ['ar', /12,500\.00\u0020US\$/u],
    ] as const) {
      await i18n.changeLanguage(language);
      const { unmount } = renderScreen('/profile', <ProfilePage />);
      // An ordinary space, where Intl writes a no-break one: "US$" never splits into "US" and "$". (The
      // raw text: toHaveTextContent reads a no-break space as a space.)
      expect((await screen.findByTestId('profile-deposit')).textContent).toMatch(deposit);
      unmount();
    }
    await i18n.changeLanguage('en');
  });

  it('hides the money tiles with the balance toggle', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    fakeApi({ 'GET /api/me': () => json({ ...USER, balance: 40.5 }) });
    renderScreen('/profile', <ProfilePage />);
    expect(await screen.findByTestId('profile-balance')).toHaveTextContent('******Hidden');
    expect(screen.getByTestId('profile-deposit')).not.toHaveTextContent('$');
  });

  it("puts the server's field error on its field, then saves: 'Profile updated successfully!'", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let saved: Record<string, string | null> = { ...USER.profile };
    const server = fakeApi({
      'GET /api/me': () => json({ ...USER, profile: saved }),
      'PATCH /api/profile/update': (request) => {
        const body = request.body as Record<string, string>;
        if (body.postal_code !== '10117')
          return json(
            {
              message: 'Enter a valid postal code for the selected country.',
              code: 'VALIDATION_FAILED',
              errors: { postal_code: ['Enter a valid postal code for the selected country.'] },
            },
            400,
          );
        saved = { ...FILLED, postal_code: body.postal_code };
        return json({ message: 'Profile updated successfully!', profile: saved });
      },
    });
    const user = userEvent.setup();
    renderScreen('/profile', <ProfilePage />);
    const country = await screen.findByLabelText('Country of residence');
    await within(country).findByRole('option', { name: 'Germany' });
    await user.selectOptions(country, 'DE');
    await user.type(screen.getByLabelText('First name'), 'Anna');
    await user.type(screen.getByLabelText('Last name'), 'Schmidt');
    await user.type(screen.getByLabelText('Address'), 'Unter den Linden 1');
    await user.type(screen.getByLabelText('Postal code'), '1011');
    await user.selectOptions(screen.getByLabelText('Employment status'), 'Employed');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Failed to update profile.')).toBeInTheDocument();
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a valid postal code for the selected country.')).toBeInTheDocument();
    expect(server.to('PATCH /api/profile/update')[0]?.body).toMatchObject({
      country: 'DE',
      first_name: 'Anna',
      employment_status: 'Employed',
    });

    await user.clear(screen.getByLabelText('Postal code'));
    await user.type(screen.getByLabelText('Postal code'), '10117');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(server.to('PATCH /api/profile/update')).toHaveLength(2);
  });

  it('says the identity must be verified again when the server says so, in Spanish, and reloads the verification', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const again =
      'Profile updated successfully! Your name or address changed, so your identity must be verified again: upload your documents on your profile.';
    const server = fakeApi({
      'GET /api/me': () => json({ ...USER, profile: FILLED }),
      'PATCH /api/profile/update': () =>
        json({ message: again, profile: { ...FILLED, address: 'Neue Str. 2' } }),
    });
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    renderScreen('/profile', <ProfilePage />);
    const address = await screen.findByLabelText('Dirección');
    await user.clear(address);
    await user.type(address, 'Neue Str. 2');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(
      await screen.findByText(
        '¡Perfil actualizado correctamente! Tu nombre o dirección cambió, así que debes verificar tu identidad de nuevo: sube tus documentos en tu perfil.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(server.to('GET /api/kyc').length).toBeGreaterThanOrEqual(2));
    await i18n.changeLanguage('en');
  });

  it('refuses an oversized name in the browser too, before any call', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const server = fakeApi({ 'GET /api/me': () => json(USER) });
    const user = userEvent.setup();
    renderScreen('/profile', <ProfilePage />);
    const first = await screen.findByLabelText('First name');
    first.removeAttribute('maxlength');
    await user.type(first, 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('At most 100 characters.')).toBeInTheDocument();
    expect(server.to('PATCH /api/profile/update')).toHaveLength(0);
  });

  it('opened with the details loaded (as the member area opens it): shows them, takes fresher ones, not while editing', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let stored = FILLED;
    let points = 10;
    fakeApi({ 'GET /api/me': () => json({ ...USER, loyalty_points: points, profile: stored }) });
    const user = userEvent.setup();
    // The member area's guard renders its pages once GET /api/me has answered.
    function AfterMe() {
      return useMe().data ? <ProfilePage /> : null;
    }
    const { queryClient } = renderScreen('/profile', <AfterMe />);
    expect(await screen.findByLabelText('First name')).toHaveValue('Anna');
    expect(screen.getByLabelText('City')).toHaveValue('Berlin');

    // Saved elsewhere (another tab): the form takes the fresher details.
    stored = { ...FILLED, first_name: 'Anne' };
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Anne'));

    // While the member edits, fresher details do not overwrite what they typed.
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Hamburg');
    stored = { ...FILLED, first_name: 'Annie', city: 'Munich' };
    points = 75;
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    // The fresher answer is on the page (its points), not in the form being edited.
    await waitFor(() => expect(screen.getByTestId('profile-points')).toHaveTextContent('75'));
    expect(screen.getByLabelText('City')).toHaveValue('Hamburg');
    expect(screen.getByLabelText('First name')).toHaveValue('Anne');
  });

  it('keeps what the member typed when a later refresh of their details fails', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let failing = false;
    fakeApi({
      'GET /api/me': () => (failing ? new Response('', { status: 500 }) : json({ ...USER, profile: FILLED })),
    });
    const user = userEvent.setup();
    const { queryClient } = renderScreen('/profile', <ProfilePage />);
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Hamburg');
    failing = true;
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    await waitFor(() => expect(queryClient.getQueryState(meQueryKey)?.status).toBe('error'));
    expect(screen.queryByText('Failed to load user data.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Hamburg');
    expect(screen.getByRole('heading', { name: 'ada_l' })).toBeInTheDocument();
  });

  it("says 'Failed to load user data.' with a Retry", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let failing = true;
    fakeApi({ 'GET /api/me': () => (failing ? new Response('', { status: 500 }) : json(USER)) });
    const user = userEvent.setup();
    renderScreen('/profile', <ProfilePage />);
    expect(await screen.findByText('Failed to load user data.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'ada_l' })).toBeInTheDocument();
  });

  it('names the countries in the member’s language (Spanish, Arabic right to left), errors translated', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    await i18n.changeLanguage('es');
    fakeApi({
      'GET /api/me': () => json({ ...USER, profile: FILLED }),
      'PATCH /api/profile/update': () =>
        json(
          {
            message: 'Enter a valid phone number for the selected country.',
            code: 'VALIDATION_FAILED',
            errors: { phone: ['Enter a valid phone number for the selected country.'] },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    const first = renderScreen('/profile', <ProfilePage />);
    const country = await screen.findByLabelText('País de residencia');
    expect(await within(country).findByRole('option', { name: 'Alemania' })).toBeInTheDocument();
    expect(country).toHaveValue('DE');
    await user.type(screen.getByLabelText('Número de teléfono'), '123');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(
      await screen.findByText('Introduce un número de teléfono válido para el país seleccionado.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Tus datos se cifran y se guardan de forma segura.')).toBeInTheDocument();
    first.unmount();

    await i18n.changeLanguage('ar');
    renderScreen('/profile', <ProfilePage />);
    const arabic = await screen.findByLabelText('بلد الإقامة');
    expect(await within(arabic).findByRole('option', { name: 'ألمانيا' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  describe('business fields (decision 185)', () => {
    const CORPORATE = {
      ...USER,
      account_type: 'business' as const,
      business_name: 'Acme Ltd',
      business_email: 'billing@acme.test',
    };

    it('a personal account sees no business fields and sends none', async () => {
      window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
      const server = fakeApi({
        'GET /api/me': () => json(USER),
        'PATCH /api/profile/update': () =>
          json({
            message: 'Profile updated successfully!',
            profile: USER.profile,
            business_name: null,
            business_email: null,
          }),
      });
      const user = userEvent.setup();
      renderScreen('/profile', <ProfilePage />);
      await user.type(await screen.findByLabelText('First name'), 'Ada');
      expect(screen.queryByRole('group', { name: 'Business' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Business name')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save profile' }));
      expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
      const body = server.to('PATCH /api/profile/update')[0]?.body as Record<string, unknown>;
      expect(body.first_name).toBe('Ada');
      expect(body).not.toHaveProperty('business_name');
      expect(body).not.toHaveProperty('business_email');
    });

    it('a corporate account edits them with the profile: checked in the browser, server errors on the field', async () => {
      window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
      const server = fakeApi({
        'GET /api/me': () => json(CORPORATE),
        'PATCH /api/profile/update': (request) => {
          const body = request.body as Record<string, string>;
          if (body.business_name === 'X')
            return json(
              {
                message: 'Business name is required.',
                code: 'VALIDATION_FAILED',
                errors: { business_name: ['Business name is required.'] },
              },
              400,
            );
          return json({
            message: 'Profile updated successfully!',
            profile: USER.profile,
            business_name: body.business_name,
            business_email: body.business_email,
          });
        },
      });
      const user = userEvent.setup();
      renderScreen('/profile', <ProfilePage />);
      const group = await screen.findByRole('group', { name: 'Business' });
      const name = within(group).getByLabelText('Business name');
      const email = within(group).getByLabelText('Business email');
      expect(name).toHaveValue('Acme Ltd');
      expect(email).toHaveValue('billing@acme.test');

      await user.clear(email);
      await user.type(email, 'not-an-email');
      await user.click(screen.getByRole('button', { name: 'Save profile' }));
      expect(await screen.findByText('Please enter a valid business email.')).toBeInTheDocument();
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(server.to('PATCH /api/profile/update')).toHaveLength(0);

      await user.clear(email);
      await user.type(email, 'Finance@Acme.test');
      await user.clear(name);
      await user.type(name, 'X');
      await user.click(screen.getByRole('button', { name: 'Save profile' }));
      expect(await screen.findByText('Business name is required.')).toBeInTheDocument();
      expect(name).toHaveAttribute('aria-invalid', 'true');

      await user.clear(name);
      await user.type(name, 'Acme Holdings');
      await user.click(screen.getByRole('button', { name: 'Save profile' }));
      expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
      expect(server.to('PATCH /api/profile/update')[1]?.body).toMatchObject({
        business_name: 'Acme Holdings',
        business_email: 'finance@acme.test',
      });
    });
  });
});
