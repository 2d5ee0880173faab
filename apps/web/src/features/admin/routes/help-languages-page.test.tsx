import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminArticle, AdminFaq } from '@app/shared/schemas/admin-content';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { HelpLanguagesPage } from './help-languages-page';

const stamp = { position: 0, created_at: '2026-03-02T09:00:00.000Z', updated_at: '2026-03-02T09:00:00.000Z' };
const english: AdminArticle = {
  id: 5,
  slug: 'fees-and-charges',
  language: 'en',
  category: 'fees',
  title: 'Fees and charges',
  summary: 'What we charge.',
  body: 'No fee to deposit.',
  published: true,
  ...stamp,
};
const spanish: AdminArticle = {
  ...english,
  id: 6,
  language: 'es',
  title: 'Comisiones y gastos',
  summary: 'Lo que cobramos.',
  body: 'Depositar no cuesta nada.',
};

const articleRoutes = [
  { path: '/admin/help/articles/:id/languages', element: <HelpLanguagesPage kind="articles" /> },
];

describe('help content side by side (decision 164)', () => {
  it('shows each language in its own group, saves only what changed, and creates the missing Arabic version', async () => {
    let versions = [english, spanish];
    const server = fakeApi({
      'GET /api/admin/help/articles/5': () => json(english),
      'GET /api/admin/help/articles/by-slug/fees-and-charges': () =>
        json({ slug: 'fees-and-charges', versions }),
      'PATCH /api/admin/help/articles/6': () => json({ message: 'Saved.', article: spanish }),
      'POST /api/admin/help/articles': (request) => {
        const created = { ...english, ...(request.body as Partial<AdminArticle>), id: 7 };
        versions = [...versions, created];
        return json({ message: 'Saved.', article: created }, 201);
      },
    });
    const user = userEvent.setup();
    renderRoutes(articleRoutes, '/admin/help/articles/5/languages');
    const en = await screen.findByRole('group', { name: 'English' });
    const es = screen.getByRole('group', { name: 'Spanish' });
    const ar = screen.getByRole('group', { name: 'Arabic' });
    expect(within(en).getByLabelText('Title')).toHaveValue('Fees and charges');
    expect(within(es).getByLabelText('Title')).toHaveValue('Comisiones y gastos');
    expect(within(ar).getByLabelText('Title')).toHaveValue('');
    expect(within(ar).getByText('Not written yet')).toBeInTheDocument();
    expect(within(ar).getByLabelText('Title')).toHaveAttribute('dir', 'rtl');
    expect(within(ar).getByLabelText('Title')).toHaveAttribute('lang', 'ar');
    expect(within(ar).getByText('Title').closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('fees-and-charges')).toBeInTheDocument();

    // A half-filled new version is refused in the browser, on its own column.
    await user.type(within(ar).getByLabelText('Title'), 'الرسوم');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(ar).findByText('Summary is required.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/help/articles')).toHaveLength(0);

    await user.type(within(ar).getByLabelText('Summary'), 'ما نتقاضاه.');
    await user.type(within(ar).getByLabelText('Text'), 'الإيداع مجاني.');
    await user.clear(within(es).getByLabelText('Title'));
    await user.type(within(es).getByLabelText('Title'), 'Comisiones');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Every changed version was saved.')).toBeInTheDocument();
    expect(server.to('PATCH /api/admin/help/articles/6')[0]?.body).toEqual({ title: 'Comisiones' });
    expect(server.to('POST /api/admin/help/articles')[0]?.body).toEqual({
      slug: 'fees-and-charges',
      category: 'fees',
      language: 'ar',
      title: 'الرسوم',
      summary: 'ما نتقاضاه.',
      body: 'الإيداع مجاني.',
      published: false,
    });
    expect(server.to('PATCH /api/admin/help/articles/5')).toHaveLength(0);
  });

  it("links a new question translation to the English question, and puts the server's error on its column", async () => {
    const question: AdminFaq = {
      id: 9,
      language: 'en',
      translation_of: null,
      category: 'deposits',
      question: 'How long does a deposit take?',
      answer: 'Minutes.',
      published: true,
      ...stamp,
    };
    let refuse = true;
    const server = fakeApi({
      'GET /api/admin/help/faqs/9/versions': () => json({ original_id: 9, versions: [question] }),
      'POST /api/admin/help/faqs': () =>
        refuse
          ? json(
              {
                message: 'This question already exists in this language.',
                code: 'VALIDATION_FAILED',
                errors: { question: ['This question already exists in this language.'] },
              },
              400,
            )
          : json({ message: 'Saved.', faq: { ...question, id: 10, language: 'es', translation_of: 9 } }, 201),
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/help/faqs/:id/languages', element: <HelpLanguagesPage kind="faqs" /> }],
      '/admin/help/faqs/9/languages',
    );
    const es = await screen.findByRole('group', { name: 'Spanish' });
    await user.type(within(es).getByLabelText('Question'), '¿Cuánto tarda un depósito?');
    await user.type(within(es).getByLabelText('Answer'), 'Minutos.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(es).findByText('This question already exists in this language.')).toBeInTheDocument();
    expect(within(es).getByLabelText('Question')).toHaveAttribute('aria-invalid', 'true');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.to('POST /api/admin/help/faqs')).toHaveLength(2));
    expect(server.to('POST /api/admin/help/faqs')[1]?.body).toMatchObject({
      language: 'es',
      translation_of: 9,
      category: 'deposits',
      question: '¿Cuánto tarda un depósito?',
    });
  });

  it('says when the item does not exist, and offers a retry when the load fails', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/help/articles/404': () =>
        json({ message: 'Article not found.', code: 'NOT_FOUND' }, 404),
      'GET /api/admin/help/articles/5': () => (fail ? new Response('', { status: 500 }) : json(english)),
      'GET /api/admin/help/articles/by-slug/fees-and-charges': () =>
        json({ slug: 'fees-and-charges', versions: [english] }),
    });
    const user = userEvent.setup();
    const first = renderRoutes(articleRoutes, '/admin/help/articles/404/languages');
    expect(await screen.findByText('This item does not exist.')).toBeInTheDocument();
    first.unmount();
    renderRoutes(articleRoutes, '/admin/help/articles/5/languages');
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'English' })).toBeInTheDocument();
  });
});
