import {
  ArrowRight,
  BadgeCheck,
  Clock,
  Coins,
  Globe2,
  Headphones,
  Layers,
  LockKeyhole,
  PiggyBank,
  ShieldCheck,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { useDocumentMeta } from '#lib/document-meta';
import { useFrontSettings } from '#lib/front-settings';
import { formatMoney, formatNumber, formatWholeMoney } from '#lib/intl-format';
import { currencyMayWrap } from '#lib/money';
import { CatalogueClaims } from '../components/catalogue-claims';
import { useSignedInMember } from '../components/header-account';
import { HeroParticles } from '../components/hero-particles';
import { PlanCards } from '../components/plan-cards';
import { PricesTable } from '../components/prices-table';
import { PublicLayout, Section } from '../components/public-layout';
import { Slider, type Slide } from '../components/slider';

const list = (value: unknown) => (Array.isArray(value) ? (value as Array<Record<string, string>>) : []);

const VALUE_ICONS = [TrendingUp, PiggyBank, Layers];
const WHY_ICONS = [Clock, Headphones, LockKeyhole, Globe2, Coins];
const TRUST_ICONS = [ShieldCheck, LockKeyhole, Headphones, BadgeCheck, Globe2];
const SLIDE_LINKS = ['/personal#flexible', '/personal#fixed-term', '/signup'];
/** The referral slide's call: to the referral link on /rewards for a signed-in member. */
const INVITE_SLIDE = 2;
const SLIDE_IMAGES = ['/slides/staking.svg', '/slides/savings.svg', '/slides/rewards.svg'];

/**
 * The calls to sign up (spec §2: Sign Up, Get Started, Create an Account) lead a signed-in member to the
 * dashboard instead, as the header's Dashboard link does (decision 173): known only after hydration,
 * so the prerendered page and its hydration show the visitor's calls.
 */
function JoinLink({
  member,
  visitorText,
  arrow = false,
  ...props
}: Omit<ComponentProps<typeof Link>, 'to'> & { member: boolean; visitorText: string; arrow?: boolean }) {
  const { t } = useTranslation();
  // The other props are the Button's (asChild): its class and ref.
  return (
    <Link {...props} to={member ? '/dashboard' : '/signup'}>
      {member ? t('home.member.dashboard') : visitorText}
      {arrow && <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />}
    </Link>
  );
}

/** Hero: the headline, the catalogue's claims, the calls to sign up or see the plans, and the risk note. */
function HomeHero({ member }: { member: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="hero-backdrop relative isolate overflow-hidden bg-[#0a0f1f] text-white">
      <HeroParticles />
      <div className="relative mx-auto flex min-h-[620px] max-w-7xl flex-col items-center justify-center px-4 pt-28 pb-20 text-center sm:px-6 lg:px-8">
        <p className="rounded-full border border-white/15 bg-white/5 px-4 py-1.5 text-sm text-white/80">
          {t('home.hero.eyebrow')}
        </p>
        <h1 className="mt-6 max-w-4xl text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
          {t('home.hero.title')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-balance text-white/75 sm:text-xl">{t('home.hero.lead')}</p>
        <CatalogueClaims className="mt-4 text-base font-medium text-white/90" />
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <JoinLink member={member} visitorText={t('home.signUp')} arrow />
          </Button>
          <Button
            asChild
            size="lg"
            variant="ghost"
            className="border border-white/25 text-white hover:bg-white/10"
          >
            <Link to="/plans">{t('home.hero.secondary')}</Link>
          </Button>
        </div>
        <p className="mt-8 text-xs text-white/55">{t('home.hero.risk')}</p>
      </div>
    </section>
  );
}

/** About: the platform in a few words, and a link to the About page. */
function AboutSection({ sitename }: { sitename: string }) {
  const { t } = useTranslation();
  return (
    <Section
      id="about"
      eyebrow={t('home.about.eyebrow')}
      title={t('home.about.title', { sitename })}
      lead={t('home.about.lead')}
    >
      <div className="text-center">
        <Button asChild variant="secondary">
          <Link to="/about">{t('home.about.more')}</Link>
        </Button>
      </div>
    </Section>
  );
}

/** Value proposition: three reasons to invest, each with its icon. */
function ValueSection() {
  const { t } = useTranslation();
  return (
    <Section
      muted
      eyebrow={t('home.value.eyebrow')}
      title={t('home.value.title')}
      lead={t('home.value.lead')}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {list(t('home.value.items', { returnObjects: true })).map((item, index) => {
          const Icon = VALUE_ICONS[index] ?? TrendingUp;
          return (
            <li key={item.title} className="rounded-2xl border border-line bg-surface p-7 shadow-xs">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{item.text}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** Why choose us: five reasons, each with its icon. */
function WhySection({ sitename }: { sitename: string }) {
  const { t } = useTranslation();
  return (
    <Section muted eyebrow={t('home.why.eyebrow')} title={t('home.why.title', { sitename })}>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
        {list(t('home.why.items', { returnObjects: true })).map((item, index) => {
          const Icon = WHY_ICONS[index] ?? Clock;
          return (
            <li key={item.title} className="rounded-2xl border border-line bg-surface p-6 shadow-xs">
              <Icon className="size-6 text-brand-text" aria-hidden="true" />
              <h3 className="mt-4 font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{item.text}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** Sample dashboard card: made-up figures in the reader's number format, marked as a sample. */
function SampleDashboard({ locale }: { locale: string }) {
  const { t } = useTranslation();
  return (
    <Section eyebrow={t('home.sample.eyebrow')} title={t('home.sample.title')} lead={t('home.sample.lead')}>
      <figure className="mx-auto max-w-3xl">
        <div className="relative rounded-3xl border border-line bg-surface p-6 shadow-lg sm:p-8">
          <span className="absolute end-6 top-6 rounded-full bg-warning-soft px-3 py-1 text-xs font-semibold text-warning">
            {t('home.sample.badge')}
          </span>
          <p className="flex items-center gap-2 text-sm text-muted">
            <Wallet className="size-4" aria-hidden="true" />
            {t('home.sample.balance')}
          </p>
          <p className="mt-2 text-4xl font-semibold tracking-tight tabular-nums">
            {formatWholeMoney(12_480, 'USD', locale)}
          </p>
          <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3">
            <div className="rounded-xl border border-line bg-surface p-4">
              <dt className="text-xs text-muted">{t('home.sample.earnings')}</dt>
              <dd className="mt-1 font-semibold wrap-break-word text-success tabular-nums">
                {currencyMayWrap(formatMoney(312.4, 'USD', locale, { signDisplay: 'exceptZero' }))}
              </dd>
            </div>
            <div className="rounded-xl border border-line bg-surface p-4">
              <dt className="text-xs text-muted">{t('home.sample.deposits')}</dt>
              <dd className="mt-1 font-semibold wrap-break-word tabular-nums">
                {currencyMayWrap(formatMoney(11_500, 'USD', locale))}
              </dd>
            </div>
            <div className="rounded-xl border border-line bg-surface p-4">
              <dt className="text-xs text-muted">{t('home.sample.points')}</dt>
              <dd className="mt-1 font-semibold tabular-nums">{formatNumber(1_250, locale)}</dd>
            </div>
          </dl>
          <ul className="mt-6 divide-y divide-line rounded-xl border border-line">
            {list(t('home.sample.plans', { returnObjects: true })).map((plan) => (
              <li key={plan.name} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
                <span className="font-medium">{plan.name}</span>
                <span className="text-muted">{plan.detail}</span>
                <span className="font-medium text-success">{plan.rate}</span>
              </li>
            ))}
          </ul>
        </div>
        <figcaption className="mt-3 text-center text-xs text-muted">{t('home.sample.caption')}</figcaption>
      </figure>
    </Section>
  );
}

/** Trust strip: the platform's assurances in one row. */
function TrustStrip() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('home.trust.label')} className="border-y border-line bg-surface py-8">
      <ul className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-10 gap-y-4 px-4 text-sm font-medium text-muted">
        {(t('home.trust.items', { returnObjects: true }) as string[]).map((item, index) => {
          const Icon = TRUST_ICONS[index] ?? ShieldCheck;
          return (
            <li key={item} className="flex items-center gap-2">
              <Icon className="size-5 text-brand-text" aria-hidden="true" />
              {item}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Build Wealth with Crypto: a dark banner with the call to sign up. */
function BuildWealthBanner({ member }: { member: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="build-wealth" className="py-8">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="hero-backdrop grid gap-8 overflow-hidden rounded-3xl bg-[#0a0f1f] p-8 text-white sm:p-12 lg:grid-cols-[1.4fr_1fr] lg:items-center">
          <div>
            <h2 id="build-wealth" className="text-3xl font-semibold tracking-tight sm:text-4xl">
              {t('home.build.title')}
            </h2>
            <p className="mt-4 max-w-xl text-lg text-white/75">{t('home.build.lead')}</p>
          </div>
          <div className="lg:text-end">
            <Button asChild size="lg">
              <JoinLink member={member} visitorText={t('home.build.cta')} arrow />
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

/** How it works: the numbered steps, numbered in the reader's digits. */
function HowItWorksSection({ locale }: { locale: string }) {
  const { t } = useTranslation();
  return (
    <Section id="how-it-works" eyebrow={t('home.how.eyebrow')} title={t('home.how.title')}>
      <ol className="grid gap-5 md:grid-cols-5">
        {list(t('home.how.steps', { returnObjects: true })).map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-line bg-surface p-6 shadow-xs">
            <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-brand-fg">
              {formatNumber(index + 1, locale)}
            </span>
            <h3 className="mt-4 font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** Create an Account: the closing call to sign up (a member's: back to the dashboard), or to ask the help center. */
function ClosingSection({ member }: { member: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="create-account" className="py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="create-account" className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {t(member ? 'home.member.closingTitle' : 'home.closing.title')}
        </h2>
        <p className="mt-4 text-lg text-muted">
          {t(member ? 'home.member.closingLead' : 'home.closing.lead')}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <JoinLink member={member} visitorText={t('home.closing.cta')} />
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/help-center">{t('home.closing.help')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/** Home (spec §2): every block in the spec's order. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const { sitename } = useFrontSettings();
  const locale = i18n.resolvedLanguage ?? 'en';
  const member = useSignedInMember() !== null;
  useDocumentMeta(t('home.metaTitle'), t('home.metaDescription'));

  const slides: Slide[] = list(t('home.slider.slides', { returnObjects: true })).map((slide, index) => {
    const invite = member && index === INVITE_SLIDE;
    return {
      title: slide.title ?? '',
      description: slide.description ?? '',
      button: invite ? t('home.member.invite') : (slide.button ?? ''),
      to: invite ? '/rewards' : (SLIDE_LINKS[index] ?? '/signup'),
      image: SLIDE_IMAGES[index] ?? SLIDE_IMAGES[0] ?? '',
    };
  });

  return (
    <PublicLayout>
      <HomeHero member={member} />

      <AboutSection sitename={sitename} />

      <ValueSection />

      {/* Live prices */}
      <Section
        id="prices"
        eyebrow={t('home.prices.eyebrow')}
        title={t('home.prices.title')}
        lead={t('home.prices.lead')}
      >
        <div className="mx-auto max-w-4xl">
          <PricesTable />
        </div>
      </Section>

      <WhySection sitename={sitename} />

      <SampleDashboard locale={locale} />

      <TrustStrip />

      {/* Slider */}
      <Section eyebrow={t('home.slider.eyebrow')} title={t('home.slider.title')}>
        <div className="mx-auto max-w-5xl">
          <Slider slides={slides} />
        </div>
      </Section>

      <BuildWealthBanner member={member} />

      <HowItWorksSection locale={locale} />

      {/* Plans */}
      <Section
        muted
        id="plans"
        eyebrow={t('home.plans.eyebrow')}
        title={t('home.plans.title')}
        lead={t('home.plans.lead')}
      >
        <PlanCards />
        <p className="mt-6 text-center text-xs text-muted">{t('site.plans.disclaimer')}</p>
      </Section>

      <ClosingSection member={member} />
    </PublicLayout>
  );
}
