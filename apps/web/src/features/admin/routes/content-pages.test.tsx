import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AdminArticle,
  AdminFaq,
  AdminHelpRequestDetail,
  AdminPlan,
  AdminSettingsResponse,
} from '@app/shared/schemas/admin-content';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoutes, renderScreen } from '../../../test/render';
import { ReauthProvider } from '../components/reauth-dialog';
import { HelpItemEditPage } from './help-item-edit-page';
import { HelpRequestPage } from './help-request-page';
import { PlanEditPage } from './plan-edit-page';
import { SiteSettingsPage } from './site-settings-page';

const plan: AdminPlan = {
  id: 7,
  name: 'Harbour 90',
  category: 'personal',
  description: '',
  apy_bps: 900,
  locked_apy_bps: 1100,
  duration_days: 90,
  exit_allowed: false,
  exit_penalty_bps: 0,
  exit_forfeit: 'none',
  min_amount: 100,
  max_amount: 10_000,
  status: 'active',
  sort_order: 0,
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
};

const settings: AdminSettingsResponse = {
  settings: {
    sitename: 'Our Platform',
    logo: null,
    company_email: 'support@ourplatform.example',
    company_phone: '+1 (555) 010-0199',
    deposit_bank_name: 'First Example Bank',
    deposit_bank_account_number: '000123456789',
    deposit_bank_routing_number: '021000021',
    points_per_dollar: 100,
    withdrawal_four_eyes_threshold: 10_000,
    kyc_withdrawal_threshold: null,
    languages: ['en', 'es', 'ar'],
    currencies: ['USD', 'EUR', 'GBP'],
    risk_warning: 'Crypto-assets are volatile.',
    risk_warning_es: 'Los criptoactivos son volátiles.',
    risk_warning_ar: '',
    social_links: [],
    account_retention_years: 5,
    rate_notice_days: 30,
    brand_color: '#4f46e5',
  },
  four_eyes_proposal: null,
  kyc_threshold_proposal: null,
  offered_languages: ['en', 'es', 'ar'],
  offered_currencies: ['USD', 'EUR', 'GBP'],
};

describe('plan form', () => {
  it('checks the rules with the shared schema before sending, then creates the plan in basis points and dollars', async () => {
    const server = fakeApi({
      'POST /api/admin/plans': () => json({ message: 'Plan created.', plan }, 201),
    });
    const user = userEvent.setup();
    renderScreen('/admin/plans/new', <PlanEditPage />, ['/admin/plans']);
    await user.type(await screen.findByLabelText('Name'), 'Harbour 90');
    await user.type(screen.getByLabelText('Rate (basis points a year)'), '1200');
    expect(screen.getByText('That is 12.00% a year.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Locked rate (basis points a year)'), '1000');
    await user.type(screen.getByLabelText('Minimum amount (USD)'), '500');
    await user.type(screen.getByLabelText('Maximum amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('The locked rate must be at least the plan’s rate.')).toBeInTheDocument();
    expect(screen.getByText('The maximum must be at least the minimum.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/plans')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Locked rate (basis points a year)'));
    await user.type(screen.getByLabelText('Locked rate (basis points a year)'), '1300');
    await user.clear(screen.getByLabelText('Maximum amount (USD)'));
    await user.type(screen.getByLabelText('Maximum amount (USD)'), '10000');
    await user.type(screen.getByLabelText('Term in days'), '90');
    // The early-exit rule (decision 186): allowed, 2% of the principal, the current period's earnings.
    await user.selectOptions(screen.getByLabelText('Early exit'), 'yes');
    await user.clear(screen.getByLabelText('Penalty (basis points of the principal)'));
    await user.type(screen.getByLabelText('Penalty (basis points of the principal)'), '200');
    await user.selectOptions(screen.getByLabelText('Earnings given up'), 'current_period');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/plans'));
    expect(server.to('POST /api/admin/plans')[0]?.body).toMatchObject({
      name: 'Harbour 90',
      category: 'personal',
      apy_bps: 1200,
      locked_apy_bps: 1300,
      duration_days: 90,
      min_amount: '500',
      max_amount: '10000',
      status: 'active',
      exit_allowed: true,
      exit_penalty_bps: 200,
      exit_forfeit: 'current_period',
    });
  });

  it('puts the server’s field errors on the fields (a taken name)', async () => {
    fakeApi({
      'GET /api/admin/plans/7': () => json(plan),
      'PATCH /api/admin/plans/7': () =>
        json(
          {
            message: 'A plan with this name already exists.',
            code: 'VALIDATION_FAILED',
            errors: { name: ['A plan with this name already exists.'] },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/plans/:id', element: <PlanEditPage /> }], '/admin/plans/7');
    expect(await screen.findByDisplayValue('Harbour 90')).toBeInTheDocument();
    expect(screen.getByText(/members' current plans keep their terms/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A plan with this name already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows an error with Retry when the plan cannot be loaded', async () => {
    fakeApi({ 'GET /api/admin/plans/7': () => json({ message: 'Plan not found.', code: 'NOT_FOUND' }, 404) });
    renderRoutes([{ path: '/admin/plans/:id', element: <PlanEditPage /> }], '/admin/plans/7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Plan not found.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('site settings', () => {
  it('asks for an authenticator code when the server wants a recent second factor, then saves', async () => {
    let reauthed = false;
    const server = fakeApi({
      'GET /api/admin/settings': () => json(settings),
      'PUT /api/admin/settings': () =>
        reauthed
          ? json({
              ...settings,
              message: 'Settings saved.',
              settings: { ...settings.settings, sitename: 'Harbour' },
            })
          : json({ message: 'Confirm with your authenticator code.', code: 'REAUTH_REQUIRED' }, 403),
      'POST /api/admin/reauth': () => {
        reauthed = true;
        return json({ message: 'Confirmed.' });
      },
    });
    const user = userEvent.setup();
    renderScreen(
      '/admin/settings',
      <ReauthProvider>
        <SiteSettingsPage />
      </ReauthProvider>,
    );
    const name = await screen.findByLabelText('Site name');
    await user.clear(name);
    await user.type(name, 'Harbour');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.to('PUT /api/admin/settings')).toHaveLength(2));
    expect(dialog).not.toBeInTheDocument();
    expect(server.to('POST /api/admin/reauth')[0]?.body).toEqual({ code: '123456' });
    expect(server.to('PUT /api/admin/settings')[1]?.body).toMatchObject({
      sitename: 'Harbour',
      points_per_dollar: 100,
      withdrawal_four_eyes_threshold: 10_000,
      languages: ['en', 'es', 'ar'],
      logo: null,
    });
  });

  it('says a higher four-eyes threshold waits for a second superadmin, once saved and when loaded again', async () => {
    const proposal = { threshold: 50_000, proposed_by: 'alice', proposed_at: '2026-03-02T09:00:00.000Z' };
    const pending =
      'Settings saved. The higher second-approval amount takes effect once another superadmin saves the same amount within 24 hours.';
    const server = fakeApi({
      'GET /api/admin/settings': () => json(settings),
      'PUT /api/admin/settings': () => json({ ...settings, four_eyes_proposal: proposal, message: pending }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/settings', <SiteSettingsPage />);
    const threshold = await screen.findByLabelText('Second approval above (USD)');
    expect(screen.queryByText(/to raise this to/)).not.toBeInTheDocument();
    await user.clear(threshold);
    await user.type(threshold, '50000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(pending)).toBeInTheDocument();
    expect(server.to('PUT /api/admin/settings')[0]?.body).toMatchObject({
      withdrawal_four_eyes_threshold: 50_000,
    });
    expect(
      screen.getByText(
        /^alice asked on Mar 2, 2026, \d{1,2}:\d{2}\s?[AP]M to raise this to \$50,000\. It takes effect if another superadmin saves the same amount within 24 hours; until then the current amount applies\.$/u,
      ),
    ).toBeInTheDocument();
    // The field shows the amount in force again, not the one asked for: saving the form again asks nothing.
    expect(screen.getByLabelText('Second approval above (USD)')).toHaveValue('10000');
  });

  it('says a removed identity-verification limit waits for a second superadmin; the field keeps the limit in force', async () => {
    const withLimit = { ...settings, settings: { ...settings.settings, kyc_withdrawal_threshold: 1_000 } };
    const proposal = { threshold: null, proposed_by: 'alice', proposed_at: '2026-03-02T09:00:00.000Z' };
    const pending =
      'Settings saved. The looser identity-verification limit takes effect once another superadmin saves the same value within 24 hours.';
    const server = fakeApi({
      'GET /api/admin/settings': () => json(withLimit),
      'PUT /api/admin/settings': () =>
        json({ ...withLimit, kyc_threshold_proposal: proposal, message: pending }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/settings', <SiteSettingsPage />);
    const limit = await screen.findByLabelText('Identity verification for withdrawals above ($)');
    expect(limit).toHaveValue('1000');
    expect(screen.queryByText(/to remove this limit/)).not.toBeInTheDocument();
    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(pending)).toBeInTheDocument();
    expect(server.to('PUT /api/admin/settings')[0]?.body).toMatchObject({ kyc_withdrawal_threshold: null });
    expect(
      screen.getByText(
        /^alice asked on Mar 2, 2026, \d{1,2}:\d{2}\s?[AP]M to remove this limit\. It takes effect if another superadmin empties the field too within 24 hours; until then the current limit applies\.$/u,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Identity verification for withdrawals above ($)')).toHaveValue('1000');
  });

  it('shows and saves the risk warning per language; an empty one is sent empty', async () => {
    const server = fakeApi({
      'GET /api/admin/settings': () => json(settings),
      'PUT /api/admin/settings': () => json({ ...settings, message: 'Settings saved.' }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/settings', <SiteSettingsPage />);
    const spanish = await screen.findByLabelText('Risk warning in Spanish');
    expect(spanish).toHaveValue('Los criptoactivos son volátiles.');
    const arabic = screen.getByLabelText('Risk warning in Arabic');
    expect(arabic).toHaveValue('');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await user.type(arabic, 'الأصول المشفرة متقلبة.');
    await user.clear(spanish);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.to('PUT /api/admin/settings')).toHaveLength(1));
    expect(server.to('PUT /api/admin/settings')[0]?.body).toMatchObject({
      risk_warning: 'Crypto-assets are volatile.',
      risk_warning_es: '',
      risk_warning_ar: 'الأصول المشفرة متقلبة.',
    });
  });

  it('saves the retention of closed accounts and the mails’ brand colour; refuses a colour that is not #rrggbb', async () => {
    const server = fakeApi({
      'GET /api/admin/settings': () => json(settings),
      'PUT /api/admin/settings': () => json({ ...settings, message: 'Settings saved.' }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/settings', <SiteSettingsPage />);
    const years = await screen.findByLabelText('Closed accounts: years kept');
    expect(years).toHaveValue('5');
    const colour = screen.getByLabelText('Brand colour');
    await user.clear(colour);
    await user.type(colour, 'indigo');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Enter a colour as # and six hexadecimal digits, e.g. #4f46e5.'),
    ).toBeInTheDocument();
    expect(server.to('PUT /api/admin/settings')).toHaveLength(0);
    await user.clear(colour);
    await user.type(colour, '#0f766e');
    await user.clear(years);
    await user.type(years, '7');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.to('PUT /api/admin/settings')).toHaveLength(1));
    expect(server.to('PUT /api/admin/settings')[0]?.body).toMatchObject({
      brand_color: '#0f766e',
      account_retention_years: 7,
    });
  });

  it('refuses an empty site name and offering no English before sending', async () => {
    const server = fakeApi({ 'GET /api/admin/settings': () => json(settings) });
    const user = userEvent.setup();
    renderScreen('/admin/settings', <SiteSettingsPage />);
    await user.clear(await screen.findByLabelText('Site name'));
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Site name is required.')).toBeInTheDocument();
    expect(screen.getByText('Offer English and any of the other languages.')).toBeInTheDocument();
    expect(server.to('PUT /api/admin/settings')).toHaveLength(0);
  });
});

const article: AdminArticle = {
  id: 5,
  slug: 'primeros-pasos',
  language: 'ar',
  category: 'getting-started',
  title: 'البدء',
  summary: 'كيف تبدأ.',
  body: 'أنشئ حسابك.',
  position: 0,
  published: true,
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
};

describe('help article and question forms', () => {
  it('creates an article in the chosen language', async () => {
    const server = fakeApi({
      'POST /api/admin/help/articles': () => json({ message: 'Article created.', article }, 201),
    });
    const user = userEvent.setup();
    renderScreen('/admin/help/articles/new', <HelpItemEditPage kind="articles" />, ['/admin/help/articles']);
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('en');
    expect(Array.from((language as HTMLSelectElement).options, (option) => option.text)).toEqual([
      'English',
      'Spanish',
      'Arabic',
    ]);
    await user.selectOptions(language, 'Spanish');
    await user.type(screen.getByLabelText('Title'), 'Primeros pasos');
    await user.type(screen.getByLabelText('Address (slug)'), 'primeros-pasos');
    await user.type(screen.getByLabelText('Summary'), 'Cómo empezar.');
    await user.type(screen.getByLabelText('Text'), 'Cree su cuenta.');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/help/articles'));
    expect(server.to('POST /api/admin/help/articles')[0]?.body).toMatchObject({
      language: 'es',
      slug: 'primeros-pasos',
      title: 'Primeros pasos',
    });
  });

  it('shows an article’s language when editing, and the server’s error on the field', async () => {
    const server = fakeApi({
      'GET /api/admin/help/articles/5': () => json(article),
      'PATCH /api/admin/help/articles/5': () =>
        json(
          {
            message: 'Choose en, es or ar.',
            code: 'VALIDATION_FAILED',
            errors: { language: ['Choose en, es or ar.'] },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/help/articles/:id', element: <HelpItemEditPage kind="articles" /> }],
      '/admin/help/articles/5',
    );
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('ar');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Choose en, es or ar.')).toBeInTheDocument();
    expect(language).toHaveAttribute('aria-invalid', 'true');
    expect(server.to('PATCH /api/admin/help/articles/5')[0]?.body).toMatchObject({ language: 'ar' });
  });

  it('creates a question in the chosen language', async () => {
    const faq: AdminFaq = {
      id: 9,
      language: 'ar',
      translation_of: null,
      category: 'deposits',
      question: 'كم يستغرق الإيداع؟',
      answer: 'دقائق عادة.',
      position: 0,
      published: false,
      created_at: '2026-03-02T09:00:00.000Z',
      updated_at: '2026-03-02T09:00:00.000Z',
    };
    const server = fakeApi({
      'POST /api/admin/help/faqs': () => json({ message: 'Question created.', faq }, 201),
    });
    const user = userEvent.setup();
    renderScreen('/admin/help/faqs/new', <HelpItemEditPage kind="faqs" />, ['/admin/help/faqs']);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'Arabic');
    await user.type(screen.getByLabelText('Question'), faq.question);
    await user.type(screen.getByLabelText('Answer'), faq.answer);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.to('POST /api/admin/help/faqs')).toHaveLength(1));
    expect(server.to('POST /api/admin/help/faqs')[0]?.body).toMatchObject({
      language: 'ar',
      question: faq.question,
    });
  });
});

describe('help inbox message', () => {
  const detail: AdminHelpRequestDetail = {
    id: 3,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    excerpt: 'Where is my deposit?',
    message: 'Where is my deposit?',
    status: 'open',
    user_id: null,
    created_at: '2026-03-02T09:00:00.000Z',
    updated_at: '2026-03-02T09:00:00.000Z',
    note: '',
    replies: [],
  };

  it('sends a reply by mail and shows it; the status follows the answer', async () => {
    const server = fakeApi({
      'GET /api/admin/help/requests/3': () => json(detail),
      'POST /api/admin/help/requests/3/reply': () =>
        json({
          message: 'Reply sent.',
          request: {
            ...detail,
            status: 'answered',
            replies: [
              { id: 1, admin_id: 1, message: 'It has arrived.', created_at: '2026-03-02T10:00:00.000Z' },
            ],
          },
        }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/help/inbox/:id', element: <HelpRequestPage /> }], '/admin/help/inbox/3');
    expect(await screen.findByText('Where is my deposit?')).toBeInTheDocument();
    expect(screen.getByText('No reply yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your reply'), 'It has arrived.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('It has arrived.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('answered');
    expect(server.to('POST /api/admin/help/requests/3/reply')[0]?.body).toEqual({
      message: 'It has arrived.',
    });
  });

  it('shows the server’s message for an empty reply on the field', async () => {
    fakeApi({
      'GET /api/admin/help/requests/3': () => json(detail),
      'POST /api/admin/help/requests/3/reply': () =>
        json(
          { message: 'Write a reply.', code: 'VALIDATION_FAILED', errors: { message: ['Write a reply.'] } },
          400,
        ),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/help/inbox/:id', element: <HelpRequestPage /> }], '/admin/help/inbox/3');
    await user.click(await screen.findByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write a reply.')).toBeInTheDocument();
  });
});
