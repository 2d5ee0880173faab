import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { FRONT_SETTINGS, fakeApi, json, type SeenRequest } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { HelpCenterPage } from './help-center-page';

const ARTICLES = {
  data: [
    {
      id: 1,
      slug: 'deposit',
      category: 'deposits',
      title: 'Making a deposit',
      summary: 'Bank transfer or crypto.',
      body: 'Include the reference.',
      language: 'en',
    },
    {
      id: 2,
      slug: 'withdraw',
      category: 'withdrawals',
      title: 'Withdrawing your funds',
      summary: 'To your bank or wallet.',
      body: 'The amount is held.',
      language: 'en',
    },
  ],
};
const FAQS = {
  data: [
    {
      id: 1,
      category: 'deposits',
      question: 'How long does a deposit take?',
      answer: 'Usually minutes.',
      language: 'en',
    },
    {
      id: 2,
      category: 'plans',
      question: 'When are earnings credited?',
      answer: 'Every day at 00:00 UTC.',
      language: 'en',
    },
    {
      id: 3,
      category: 'security',
      question: 'How is my data protected?',
      answer: '256-bit encryption.',
      language: 'en',
    },
  ],
};

function server(handlers = {}) {
  return fakeApi({
    'GET /api/help/articles': () => json(ARTICLES),
    'GET /api/help/faqs': () => json(FAQS),
    ...handlers,
  });
}

describe('the help center', () => {
  it('shows articles, the FAQ and the company email and phone from the settings', async () => {
    server();
    renderScreen('/help-center', <HelpCenterPage />);
    expect(
      await screen.findByRole('heading', { name: 'Making a deposit' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Bank transfer or crypto.')).toBeInTheDocument();
    await screen.findByRole('link', { name: '+1 555 0100' }, { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'How long does a deposit take?' })).toBeInTheDocument();
    const contact = within(screen.getByRole('region', { name: 'Contact us' }));
    expect(contact.getByRole('link', { name: 'help@test.example' })).toHaveAttribute(
      'href',
      'mailto:help@test.example',
    );
    expect(contact.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    await waitFor(() => expect(document.title).toBe('Test Platform | Help Center'));
  });

  it('keeps one FAQ answer open at a time, with aria-expanded on each question', async () => {
    server();
    const user = userEvent.setup();
    renderScreen('/help-center', <HelpCenterPage />);
    const first = await screen.findByRole('button', { name: 'How long does a deposit take?' });
    const second = screen.getByRole('button', { name: 'When are earnings credited?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Usually minutes.')).not.toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How long does a deposit take?' })).toHaveTextContent(
      'Usually minutes.',
    );

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Usually minutes.')).not.toBeVisible();
    expect(screen.getByText('Every day at 00:00 UTC.')).toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['es', '2 resultados encontrados', '1 resultado encontrado'],
    ['ar', 'نتيجتان', 'نتيجة واحدة'],
  ] as const)(
    'counts the results with their plural form (%s)',
    { timeout: 20_000 },
    async (language, two, one) => {
      await i18n.changeLanguage(language);
      server();
      const user = userEvent.setup();
      renderScreen('/help-center', <HelpCenterPage />);
      await screen.findByRole('heading', { name: 'Making a deposit' }, { timeout: 3000 });
      const search = screen.getByRole('searchbox');
      await user.type(search, 'deposit');
      expect(await screen.findByText(two)).toBeInTheDocument();
      await user.clear(search);
      await user.type(search, 'ENCRYPTION');
      expect(await screen.findByText(one)).toBeInTheDocument();
    },
  );

  it(
    'filters articles and FAQs as one types, and says when nothing matches',
    { timeout: 20_000 },
    async () => {
      server();
      const user = userEvent.setup();
      renderScreen('/help-center', <HelpCenterPage />);
      await screen.findByRole('heading', { name: 'Making a deposit' }, { timeout: 3000 });
      const search = screen.getByRole('searchbox', { name: 'Search the Help Center' });

      await user.type(search, 'deposit');
      await waitFor(() =>
        expect(screen.queryByRole('heading', { name: 'Withdrawing your funds' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('heading', { name: 'Making a deposit' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'How long does a deposit take?' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'When are earnings credited?' })).not.toBeInTheDocument();
      expect(screen.getByText('2 results found')).toBeInTheDocument();

      await user.clear(search);
      await user.type(search, 'ENCRYPTION');
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'How is my data protected?' })).toBeInTheDocument(),
      );
      expect(screen.getByText('No guides match your search.')).toBeInTheDocument();
      expect(screen.getByText('1 result found')).toBeInTheDocument();

      await user.clear(search);
      await user.type(search, 'zebra');
      expect(await screen.findByText('No results for “zebra”.')).toBeInTheDocument();
    },
  );

  it('shows an error with Retry when the content cannot be loaded, and empty states', async () => {
    let fail = true;
    server({
      'GET /api/help/articles': () => (fail ? json({ message: 'down' }, 500) : json({ data: [] })),
      'GET /api/help/faqs': () => json({ data: [] }),
    });
    const user = userEvent.setup();
    renderScreen('/help-center', <HelpCenterPage />);
    expect(await screen.findByText("We couldn't load this part of the Help Center.")).toBeInTheDocument();
    expect(screen.getByText('No questions yet.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No guides yet.')).toBeInTheDocument();
  });
});

/** The articles and FAQs of the asked language: one translated of each, the others in English. */
function translated(riskLanguage: string, title: string, question: string) {
  const [first, second] = ARTICLES.data;
  const [faq, ...others] = FAQS.data;
  return {
    'GET /api/help/articles': (request: SeenRequest) =>
      json({ data: [{ ...first, title, language: request.query.get('lang') ?? 'en' }, second] }),
    'GET /api/help/faqs': (request: SeenRequest) =>
      json({ data: [{ ...faq, question, language: request.query.get('lang') ?? 'en' }, ...others] }),
    'GET /api/front': () => json({ ...FRONT_SETTINGS, risk_warning_language: riskLanguage }),
  };
}

describe('the help center in the reader’s language', () => {
  it('asks for Spanish content; an item that came in English says so', async () => {
    await i18n.changeLanguage('es');
    const api = server(translated('en', 'Hacer un depósito', '¿Cuánto tarda un depósito?'));
    renderScreen('/help-center', <HelpCenterPage />);
    const spanish = await screen.findByRole('heading', { name: 'Hacer un depósito' }, { timeout: 3000 });
    const helpRequests = api.requests.filter((request) => request.path.startsWith('/api/help/'));
    expect(helpRequests.map((request) => request.query.get('lang'))).toEqual(['es', 'es']);
    // The Spanish article has no note; the English one is marked as English and says so.
    expect(spanish).not.toHaveAttribute('lang');
    expect(within(spanish.closest('li')!).queryByText('Se muestra en inglés')).not.toBeInTheDocument();
    const english = screen.getByRole('heading', { name: 'Withdrawing your funds' });
    expect(english).toHaveAttribute('lang', 'en');
    expect(within(english.closest('li')!).getByText('Se muestra en inglés')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '¿Cuánto tarda un depósito?' })).toBeInTheDocument();
    const question = screen.getByRole('button', { name: /^When are earnings credited\?/u });
    expect(within(question).getByText('Se muestra en inglés')).toBeInTheDocument();
    expect(within(question).getByText('When are earnings credited?')).toHaveAttribute('lang', 'en');
    // The operator's risk warning has no Spanish version here: shown in English, with the note.
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('Crypto-assets are volatile.')).toHaveAttribute('lang', 'en');
    expect(footer.getByText('Se muestra en inglés')).toBeInTheDocument();
  });

  it('in Arabic, notes only the items that came in English; in English, none', async () => {
    await i18n.changeLanguage('ar');
    const api = server(translated('ar', 'إجراء إيداع', 'كم يستغرق الإيداع؟'));
    const { unmount } = renderScreen('/help-center', <HelpCenterPage />);
    await screen.findByRole('heading', { name: 'إجراء إيداع' }, { timeout: 3000 });
    expect(api.requests.find((request) => request.path === '/api/help/faqs')?.query.get('lang')).toBe('ar');
    // One article and two questions in English; the risk warning is in Arabic (no note in the footer).
    expect(screen.getAllByText('معروض باللغة الإنجليزية')).toHaveLength(3);
    expect(within(screen.getByRole('contentinfo')).queryByText('معروض باللغة الإنجليزية')).toBeNull();
    unmount();
    await i18n.changeLanguage('en');
    server();
    renderScreen('/help-center', <HelpCenterPage />);
    await screen.findByRole('heading', { name: 'Making a deposit' }, { timeout: 3000 });
    expect(screen.queryByText('Shown in English')).not.toBeInTheDocument();
  });
});

describe('the contact form', () => {
  const form = () => within(screen.getByRole('form', { name: 'Contact us' }));

  it("says 'All fields are required.' once and names each empty field, sending nothing", async () => {
    const api = server();
    const user = userEvent.setup();
    renderScreen('/help-center', <HelpCenterPage />);
    // The form loads once the page is idle.
    await screen.findByRole('form', { name: 'Contact us' });
    await user.click(form().getByRole('button', { name: 'Send message' }));
    expect(await form().findAllByText('All fields are required.')).toHaveLength(1);
    expect(form().getByText('Please enter your name.')).toBeInTheDocument();
    expect(form().getByText('Please enter your email address.')).toBeInTheDocument();
    expect(form().getByText('Please enter your message.')).toBeInTheDocument();

    await user.type(form().getByLabelText('Name'), 'Ada');
    await user.click(form().getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(form().queryByText('Please enter your name.')).not.toBeInTheDocument());
    expect(form().getAllByText('All fields are required.')).toHaveLength(1);
    expect(form().getByText('Please enter your message.')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/help/submit')).toBe(false);
  });

  it("sends the message and says 'Message sent successfully!', clearing the form", async () => {
    const api = server({ 'POST /api/help/submit': () => json({ message: 'Message sent successfully!' }) });
    const user = userEvent.setup();
    renderScreen('/help-center', <HelpCenterPage />);
    // The form loads once the page is idle.
    await screen.findByRole('form', { name: 'Contact us' });
    await user.type(form().getByLabelText('Name'), 'Ada Lovelace');
    await user.type(form().getByLabelText('Email'), 'ada@example.com');
    await user.type(form().getByLabelText('Message'), 'How do I lock a plan?');
    await user.click(form().getByRole('button', { name: 'Send message' }));
    expect(await form().findByRole('status')).toHaveTextContent('Message sent successfully!');
    const sent = api.requests.find((request) => request.path === '/api/help/submit');
    expect(sent?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'How do I lock a plan?',
      website: '',
    });
    expect(form().getByLabelText('Name')).toHaveValue('');
  });

  it("says 'Failed to send message.' when the server refuses, and the network text when it cannot be reached", async () => {
    let offline = false;
    server({
      'POST /api/help/submit': () => {
        if (offline) throw new TypeError('Failed to fetch');
        return json({ message: 'Something went wrong on our side.', code: 'INTERNAL' }, 500);
      },
    });
    const user = userEvent.setup();
    renderScreen('/help-center', <HelpCenterPage />);
    // The form loads once the page is idle.
    await screen.findByRole('form', { name: 'Contact us' });
    await user.type(form().getByLabelText('Name'), 'Ada');
    await user.type(form().getByLabelText('Email'), 'ada@example.com');
    await user.type(form().getByLabelText('Message'), 'Hello');
    await user.click(form().getByRole('button', { name: 'Send message' }));
    expect(await form().findByRole('alert')).toHaveTextContent('Failed to send message.');
    offline = true;
    await user.click(form().getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(form().getByRole('alert')).toHaveTextContent('An error occurred while contacting support.'),
    );
  });
});
