import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { CatalogueClaims } from '../components/catalogue-claims';
import { InfoPage, usePageContent } from '../components/info-page';
import { PlanCards } from '../components/plan-cards';

/** /about (spec §2): 'About {sitename}' with Sign up, then Who We Are, Core Focus Areas, Vision, Mission, Services. */
export function AboutPage() {
  const { t } = useTranslation();
  const content = usePageContent('about');
  return (
    <InfoPage
      content={content}
      heroAction={
        <Button asChild size="lg">
          <Link to="/signup">{t('site.signUpAbout')}</Link>
        </Button>
      }
    />
  );
}

/** /personal: Grow Your Portfolio (#flexible, #fixed-term, #dual-investment) and Manage Your Assets (#manage-assets). */
export function PersonalPage() {
  return (
    <InfoPage
      content={usePageContent('personal')}
      heroAction={<CatalogueClaims className="text-lg font-medium text-white/90" />}
    />
  );
}

export function BusinessPage() {
  return <InfoPage content={usePageContent('business')} />;
}

/**
 * /business-plans: the catalogue's open business plans (GET /api/plans), the same cards as /plans,
 * in the section `plans` of the page's texts; no plan is named in the texts (issue: the page offered
 * plans the catalogue did not have).
 */
export function BusinessPlansPage() {
  const { t } = useTranslation();
  return (
    <InfoPage
      content={usePageContent('businessPlans')}
      sectionContent={{
        plans: (
          <div className="mt-8">
            <PlanCards category="business" emptyText={t('site.pages.businessPlans.none')} />
          </div>
        ),
      }}
    />
  );
}

export function BusinessSupportPage() {
  return <InfoPage content={usePageContent('businessSupport')} />;
}

export function CareersPage() {
  return <InfoPage content={usePageContent('careers')} />;
}

export function TermsPage() {
  return <InfoPage prose content={usePageContent('terms')} />;
}

export function PrivacyPage() {
  return <InfoPage prose content={usePageContent('privacy')} />;
}
