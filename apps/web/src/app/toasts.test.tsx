import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { i18n } from '#i18n/index';
import { Toasts } from './toasts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('toasts', () => {
  it("name their close button in the reader's language, and show no English timer", async () => {
    await i18n.changeLanguage('es');
    render(<Toasts rtl={false} />);
    act(() => {
      toast.success('Depósito creado.');
    });
    const close = await screen.findByRole('button', { name: 'Cerrar' });
    expect(screen.queryByRole('progressbar', { name: 'notification timer' })).not.toBeInTheDocument();
    expect(close).toHaveClass('Toastify__close-button', 'Toastify__close-button--light');
  });
});
