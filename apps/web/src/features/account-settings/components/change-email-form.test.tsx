import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ChangeEmailForm } from './change-email-form';

const NEW = 'new.address@example.com';

async function askForCode(user: ReturnType<typeof userEvent.setup>, password = 'my password') {
  await user.type(await screen.findByLabelText('New email address'), NEW);
  await user.type(screen.getByLabelText('Your current password'), password);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
}

/** The form of a member with or without 2FA. */
const renderForm = (twoFactor = false) =>
  renderScreen(
    '/account-management',
    <ChangeEmailForm user={{ ...USER, two_factor_enabled: twoFactor } as never} />,
  );

/** A route's answers, one per call, the last one again after that. */
function inTurn(...answers: Array<() => Response>) {
  let asked = 0;
  return () => answers[Math.min(asked++, answers.length - 1)]!();
}

describe('change email (decision 175)', () => {
  it('sends the new address and password, then the mailed code, and shows the new address', async () => {
    const server = fakeApi({
      'POST /api/email-change': () => json({ message: 'sent', email: NEW }),
      'POST /api/email-change/confirm': () =>
        json({ message: 'Your email address has been changed.', email: NEW }),
    });
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await askForCode(user);
    expect(
      await screen.findByText(`We sent a 6-digit code to ${NEW}. It expires in 30 minutes.`),
    ).toBeInTheDocument();
    expect(server.to('POST /api/email-change')[0]?.body).toEqual({ email: NEW, password: 'my password' });

    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('The code has 6 digits.')).toBeInTheDocument();
    expect(server.to('POST /api/email-change/confirm')).toHaveLength(0);
    await user.type(screen.getByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText(new RegExp(`Your email address is now ${NEW}`))).toBeInTheDocument();
    expect(server.to('POST /api/email-change/confirm')[0]?.body).toEqual({ code: '123456' });
  });

  it("says the server's wait when throttled, and never an HTTP status text when there is none", async () => {
    fakeApi({
      'POST /api/email-change': inTurn(
        () =>
          json(
            { message: 'Please wait 45 seconds before asking for another code.', code: 'TOO_MANY_REQUESTS' },
            429,
          ),
        () => new Response('', { status: 429, statusText: 'Too Many Requests' }),
      ),
    });
    const user = userEvent.setup();
    renderForm();
    await askForCode(user);
    expect(
      await screen.findByText('Please wait 45 seconds before asking for another code.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(i18n.t('settings.email.error'))).toBeInTheDocument();
    expect(screen.queryByText('Too Many Requests')).not.toBeInTheDocument();
  });

  it("puts the server's field errors on the fields: address in use, wrong password, wrong code", async () => {
    fakeApi({
      'POST /api/email-change': inTurn(
        () =>
          json(
            { message: 'x', code: 'BUSINESS_RULE', errors: { email: ['This email is already registered.'] } },
            422,
          ),
        () => json({ message: NEW, email: NEW }),
      ),
      'POST /api/email-change/confirm': () =>
        json(
          {
            message: 'x',
            code: 'BUSINESS_RULE',
            errors: { code: ['The code is wrong or has expired. Please ask for a new one.'] },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderForm(true);
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    await askForCode(user);
    expect(await screen.findByText('This email is already registered.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Code from the email'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(
      await screen.findByText('The code is wrong or has expired. Please ask for a new one.'),
    ).toBeInTheDocument();
  });

  it('says so when the server fails', async () => {
    fakeApi({ 'POST /api/email-change': () => new Response('', { status: 500 }) });
    const user = userEvent.setup();
    renderScreen('/account-management', <ChangeEmailForm user={USER as never} />);
    await askForCode(user);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
