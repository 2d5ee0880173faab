import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyDialog } from './lazy-dialog';

function Confirm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this goal?"
        description="It cannot be undone."
      >
        <button type="button" onClick={() => setOpen(false)}>
          Keep it
        </button>
      </LazyDialog>
    </>
  );
}

describe('LazyDialog (decision 170)', () => {
  it('shows nothing until opened, then the dialog, which closes (focus back on its button) and opens again', async () => {
    const user = userEvent.setup();
    render(<Confirm />);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this goal?' });
    expect(dialog).toHaveTextContent('It cannot be undone.');

    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the button that opened it.
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    // Its code loaded once: the second opening shows the dialog at once, with nothing to wait for.
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete this goal?' })).toBeVisible();
  });
});
