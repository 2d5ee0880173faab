import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { EmailChangeUndoPage } from './email-change-undo-page';

const UNDONE = 'Your previous email address is back and every session has been signed out. Please sign in.';
const INVALID = 'This link is invalid, has expired or was already used.';

describe('/email-change/undo (decision 175)', () => {
  it('sends nothing until the member confirms (a link scanner opening the page signs no one out), then says the old address is back', async () => {
    const server = fakeApi({ 'POST /api/email-change/undo': () => json({ message: UNDONE }) });
    const user = userEvent.setup();
    renderScreen('/email-change/undo?token=12.secret', <EmailChangeUndoPage />);
    const confirm = await screen.findByRole('button', { name: 'Restore my previous address' });
    expect(
      screen.getByText(
        'Restore your previous email address and sign out every session? Do this if you did not ask for the change.',
      ),
    ).toBeInTheDocument();
    expect(server.to('POST /api/email-change/undo')).toHaveLength(0);
    await user.click(confirm);
    expect(await screen.findByText(UNDONE)).toBeInTheDocument();
    expect(server.to('POST /api/email-change/undo').map((request) => request.body)).toEqual([
      { token: '12.secret' },
    ]);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it("shows the API's reason for a used or expired link", async () => {
    fakeApi({
      'POST /api/email-change/undo': () =>
        json({ message: INVALID, code: 'BUSINESS_RULE', errors: { token: [INVALID] } }, 422),
    });
    renderScreen('/email-change/undo?token=12.used', <EmailChangeUndoPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Restore my previous address' }));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
  });

  it('asks nothing of the API without a token', async () => {
    const server = fakeApi({});
    renderScreen('/email-change/undo', <EmailChangeUndoPage />);
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(server.to('POST /api/email-change/undo')).toHaveLength(0);
  });
});
