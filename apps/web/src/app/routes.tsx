import { isValidElement, lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { loadAdminTexts, loadMemberTexts } from '#i18n/index';
import { MEMBER_PLANS_PATH } from '#lib/member-paths';
import { PlansRoute } from './plans-route';
import { RequireAdmin } from './guards/require-admin';
import { RequireMember } from './guards/require-member';
import { RootLayout } from './layouts/root-layout';

/** A route component that can load its chunk ahead of rendering (see preloadRoute). */
type PageComponent<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A route component loaded on first visit (its own chunk). Once its chunk is loaded (preload) it
 * renders at once instead of suspending, which lets a prerendered page hydrate in one pass. Its chunk
 * loads with every English text but the back office's (`loadMemberTexts`) unless it is a public page,
 * whose texts are in the main bundle (`null`, decision 106); a back office screen's with the back
 * office's too (`loadAdminTexts`).
 */
function page<K extends string, P extends object>(
  importScreen: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  loadTexts: (() => Promise<unknown>) | null = loadMemberTexts,
): PageComponent<P> {
  const load = loadTexts
    ? () => Promise.all([importScreen(), loadTexts()]).then(([module]) => module)
    : importScreen;
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded = (await load())[name];
  };
  const Lazy = lazy(async () => {
    const component = (await load())[name];
    loaded = component;
    return { default: component };
  });
  function Page(props: P) {
    const Loaded = (loaded ?? Lazy) as ComponentType<P>;
    return <Loaded {...props} />;
  }
  return Object.assign(Page, { preload });
}

// The prerendered public pages (and the 404): their texts are the public site's.
const HomePage = page(() => import('../features/public/routes/home-page'), 'HomePage', null);
const NotFoundPage = page(() => import('../features/public/routes/not-found-page'), 'NotFoundPage', null);
const infoPages = () => import('../features/public/routes/info-pages');
const AboutPage = page(infoPages, 'AboutPage', null);
const PersonalPage = page(infoPages, 'PersonalPage', null);
const BusinessPage = page(infoPages, 'BusinessPage', null);
const BusinessPlansPage = page(infoPages, 'BusinessPlansPage', null);
const BusinessSupportPage = page(infoPages, 'BusinessSupportPage', null);
const CareersPage = page(infoPages, 'CareersPage', null);
const TermsPage = page(infoPages, 'TermsPage', null);
const PrivacyPage = page(infoPages, 'PrivacyPage', null);
const PlansPage = page(() => import('../features/public/routes/plans-page'), 'PlansPage');
const HelpCenterPage = page(
  () => import('../features/public/routes/help-center-page'),
  'HelpCenterPage',
  null,
);
const SignupPage = page(() => import('../features/auth/routes/signup-page'), 'SignupPage');
const LoginPage = page(() => import('../features/auth/routes/login-page'), 'LoginPage');
const ForgotPasswordPage = page(
  () => import('../features/auth/routes/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/auth/routes/reset-password-page'),
  'ResetPasswordPage',
);
const EmailChangeUndoPage = page(
  () => import('../features/auth/routes/email-change-undo-page'),
  'EmailChangeUndoPage',
);
const VerifyEmailPage = page(() => import('../features/auth/routes/verify-email-page'), 'VerifyEmailPage');
const MemberLayout = page(() => import('../features/member-shell/routes/member-layout'), 'MemberLayout');
const DashboardPage = page(() => import('../features/member-shell/routes/dashboard-page'), 'DashboardPage');
const AccountManagementPage = page(
  () => import('../features/account-settings/routes/account-management-page'),
  'AccountManagementPage',
);
const DepositAction = page(() => import('../features/deposits/components/deposit-action'), 'DepositAction');
const SandboxCheckoutPage = page(
  () => import('../features/deposits/routes/sandbox-checkout-page'),
  'SandboxCheckoutPage',
);
const ActivityPage = page(() => import('../features/activity/routes/activity-page'), 'ActivityPage');
const PendingDepositActions = page(
  () => import('../features/deposits/components/pending-deposit-actions'),
  'PendingDepositActions',
);
const WithdrawalMethodsPage = page(
  () => import('../features/account-settings/routes/withdrawal-methods-page'),
  'WithdrawalMethodsPage',
);
const WithdrawalInfoPage = page(
  () => import('../features/account-settings/routes/withdrawal-info-page'),
  'WithdrawalInfoPage',
);
const DashboardPlans = page(
  () => import('../features/investing/components/dashboard-plans'),
  'DashboardPlans',
);
const MemberPlansPage = page(
  () => import('../features/investing/routes/member-plans-page'),
  'MemberPlansPage',
);
const ProfilePage = page(() => import('../features/profile/routes/profile-page'), 'ProfilePage');
const RewardsPage = page(() => import('../features/rewards/routes/rewards-page'), 'RewardsPage');
const RefundDebtNotice = page(
  () => import('../features/deposits/components/refund-debt-notice'),
  'RefundDebtNotice',
);
const AccountSetupBanner = page(
  () => import('../features/auth/components/account-setup-banner'),
  'AccountSetupBanner',
);
const InviteFriendsDialog = page(
  () => import('../features/rewards/components/invite-friends-dialog'),
  'InviteFriendsDialog',
);
const PortfolioPage = page(() => import('../features/investing/routes/portfolio-page'), 'PortfolioPage');
const ExplorePage = page(() => import('../features/loans/routes/explore-page'), 'ExplorePage');
const MyGoalsPage = page(() => import('../features/goals/routes/my-goals-page'), 'MyGoalsPage');
const AdminLoginPage = page(
  () => import('../features/admin/routes/admin-login-page'),
  'AdminLoginPage',
  loadAdminTexts,
);
const AdminHomePage = page(
  () => import('../features/admin/routes/admin-home-page'),
  'AdminHomePage',
  loadAdminTexts,
);
const AdminAdminsPage = page(
  () => import('../features/admin/routes/admin-admins-page'),
  'AdminAdminsPage',
  loadAdminTexts,
);
const AdminAnnouncementsPage = page(
  () => import('../features/admin/routes/announcements-page'),
  'AnnouncementsPage',
  loadAdminTexts,
);
const AdminAuditLogPage = page(
  () => import('../features/admin/routes/admin-audit-log-page'),
  'AdminAuditLogPage',
  loadAdminTexts,
);
const AdminLayout = page(
  () => import('../features/admin/components/admin-layout'),
  'AdminLayout',
  loadAdminTexts,
);
const AdminQueuePage = page(
  () => import('../features/admin/queues/routes/queue-page'),
  'QueuePage',
  loadAdminTexts,
);
const AdminQueueItemPage = page(
  () => import('../features/admin/queues/routes/queue-item-page'),
  'QueueItemPage',
  loadAdminTexts,
);
const AdminMembersPage = page(
  () => import('../features/admin/queues/routes/members-page'),
  'MembersPage',
  loadAdminTexts,
);
const AdminMemberPage = page(
  () => import('../features/admin/queues/routes/member-page'),
  'MemberPage',
  loadAdminTexts,
);
const AdminOverviewPage = page(
  () => import('../features/admin/queues/routes/overview-page'),
  'OverviewPage',
  loadAdminTexts,
);
const AdminKycPage = page(
  () => import('../features/admin/kyc/kyc-queue-page'),
  'KycQueuePage',
  loadAdminTexts,
);
const AdminRefundsPage = page(
  () => import('../features/admin/queues/routes/refunds-page'),
  'RefundsPage',
  loadAdminTexts,
);
const AdminCorrectionsPage = page(
  () => import('../features/admin/corrections/corrections-page'),
  'CorrectionsPage',
  loadAdminTexts,
);
const AdminReconciliationPage = page(
  () => import('../features/admin/queues/routes/reconciliation-page'),
  'ReconciliationPage',
  loadAdminTexts,
);
const AdminNotFoundPage = page(
  () => import('../features/admin/routes/admin-not-found-page'),
  'AdminNotFoundPage',
  loadAdminTexts,
);
const AdminPlansPage = page(
  () => import('../features/admin/routes/catalogue-list-pages'),
  'PlansListPage',
  loadAdminTexts,
);
const AdminLoanPlansPage = page(
  () => import('../features/admin/routes/catalogue-list-pages'),
  'LoanPlansListPage',
  loadAdminTexts,
);
const AdminPlanEditPage = page(
  () => import('../features/admin/routes/plan-edit-page'),
  'PlanEditPage',
  loadAdminTexts,
);
const AdminLoanPlanEditPage = page(
  () => import('../features/admin/routes/plan-edit-page'),
  'LoanPlanEditPage',
  loadAdminTexts,
);
const AdminSettingsPage = page(
  () => import('../features/admin/routes/site-settings-page'),
  'SiteSettingsPage',
  loadAdminTexts,
);
const AdminHelpListPage = page(
  () => import('../features/admin/routes/help-list-pages'),
  'HelpContentListPage',
  loadAdminTexts,
);
const AdminHelpInboxPage = page(
  () => import('../features/admin/routes/help-inbox-page'),
  'HelpInboxPage',
  loadAdminTexts,
);
const AdminHelpItemPage = page(
  () => import('../features/admin/routes/help-item-edit-page'),
  'HelpItemEditPage',
  loadAdminTexts,
);
const AdminHelpLanguagesPage = page(
  () => import('../features/admin/routes/help-languages-page'),
  'HelpLanguagesPage',
  loadAdminTexts,
);
const AdminHelpRequestPage = page(
  () => import('../features/admin/routes/help-request-page'),
  'HelpRequestPage',
  loadAdminTexts,
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/personal', element: <PersonalPage /> },
      {
        path: MEMBER_PLANS_PATH,
        element: (
          <PlansRoute
            visitor={<PlansPage />}
            member={
              <RequireMember>
                <MemberLayout depositAction={<DepositAction />} />
              </RequireMember>
            }
          />
        ),
        children: [{ index: true, element: <MemberPlansPage /> }],
      },
      { path: '/business', element: <BusinessPage /> },
      { path: '/business-plans', element: <BusinessPlansPage /> },
      { path: '/business-support', element: <BusinessSupportPage /> },
      { path: '/careers', element: <CareersPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/help-center', element: <HelpCenterPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/email-change/undo', element: <EmailChangeUndoPage /> },
      { path: '/admin/login', element: <AdminLoginPage /> },
      // The sandbox stand-in for a gateway's payment page: for the signed-in member whose deposit it is
      // (the API answers 404 to anyone else and 401 when signed out).
      {
        path: '/sandbox/checkout/:id',
        element: (
          <RequireMember>
            <SandboxCheckoutPage />
          </RequireMember>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        ),
        // The back office's areas (features/admin/admin-areas.ts); each screen adds its route here.
        children: [
          // The overview is the back office's landing (issue 15 item 8); AdminHomePage lists the areas.
          { index: true, element: <AdminOverviewPage /> },
          { path: 'areas', element: <AdminHomePage /> },
          { path: 'deposits', element: <AdminQueuePage queue="deposits" /> },
          { path: 'deposits/:id', element: <AdminQueueItemPage queue="deposits" /> },
          { path: 'withdrawals', element: <AdminQueuePage queue="withdrawals" /> },
          { path: 'withdrawals/:id', element: <AdminQueueItemPage queue="withdrawals" /> },
          { path: 'loan-applications', element: <AdminQueuePage queue="loan_applications" /> },
          { path: 'loan-applications/:id', element: <AdminQueueItemPage queue="loan_applications" /> },
          { path: 'refunds', element: <AdminRefundsPage /> },
          { path: 'corrections', element: <AdminCorrectionsPage /> },
          { path: 'kyc', element: <AdminKycPage /> },
          { path: 'members', element: <AdminMembersPage /> },
          { path: 'members/:id', element: <AdminMemberPage /> },
          { path: 'reconciliation', element: <AdminReconciliationPage /> },
          { path: 'admins', element: <AdminAdminsPage /> },
          { path: 'announcements', element: <AdminAnnouncementsPage /> },
          { path: 'audit-log', element: <AdminAuditLogPage /> },
          { path: 'plans', element: <AdminPlansPage /> },
          { path: 'plans/:id', element: <AdminPlanEditPage /> },
          { path: 'loan-plans', element: <AdminLoanPlansPage /> },
          { path: 'loan-plans/:id', element: <AdminLoanPlanEditPage /> },
          { path: 'settings', element: <AdminSettingsPage /> },
          { path: 'help/articles', element: <AdminHelpListPage kind="articles" /> },
          { path: 'help/articles/:id', element: <AdminHelpItemPage kind="articles" /> },
          { path: 'help/articles/:id/languages', element: <AdminHelpLanguagesPage kind="articles" /> },
          { path: 'help/faqs', element: <AdminHelpListPage kind="faqs" /> },
          { path: 'help/faqs/:id', element: <AdminHelpItemPage kind="faqs" /> },
          { path: 'help/faqs/:id/languages', element: <AdminHelpLanguagesPage kind="faqs" /> },
          { path: 'help/inbox', element: <AdminHelpInboxPage /> },
          { path: 'help/inbox/:id', element: <AdminHelpRequestPage /> },
          { path: '*', element: <AdminNotFoundPage /> },
        ],
      },
      {
        element: (
          <RequireMember>
            <MemberLayout depositAction={<DepositAction />} />
          </RequireMember>
        ),
        children: [
          {
            path: '/dashboard',
            element: (
              <DashboardPage
                setup={
                  <Suspense fallback={null}>
                    <AccountSetupBanner />
                  </Suspense>
                }
                owed={
                  <Suspense fallback={null}>
                    <RefundDebtNotice />
                  </Suspense>
                }
                InviteDialog={InviteFriendsDialog}
                plans={
                  <Suspense fallback={null}>
                    <DashboardPlans />
                  </Suspense>
                }
              />
            ),
          },
          { path: '/my-portfolio', element: <PortfolioPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/rewards', element: <RewardsPage /> },
          { path: '/verify', element: <VerifyEmailPage /> },
          { path: '/account-management', element: <AccountManagementPage /> },
          { path: '/activity', element: <ActivityPage pendingDepositActions={PendingDepositActions} /> },
          { path: '/explore', element: <ExplorePage /> },
          { path: '/withdrawal-methods', element: <WithdrawalMethodsPage /> },
          { path: '/withdrawal-info', element: <WithdrawalInfoPage /> },
          { path: '/my-goals', element: <MyGoalsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Loads the chunks of the screens that `pathname` shows, so that hydrating a prerendered page
 * (src/main.tsx) does not suspend on them.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
      return typeof type === 'function' && 'preload' in type && typeof type.preload === 'function'
        ? (type as PageComponent<object>).preload()
        : Promise.resolve();
    }),
  );
}
