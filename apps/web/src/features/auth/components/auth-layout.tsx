import type { ReactNode } from 'react';
import { Globe2, LockKeyhole, ShieldCheck, Headset } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Brand, BrandMark } from '#components/brand';
import { PreferencesPicker } from '#components/preferences-picker';
import { useFrontSettings } from '#lib/front-settings';

/** Sign-up and sign-in: a brand panel (large screens) beside the form, the picker top right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { sitename } = useFrontSettings();
  const points = [
    { Icon: LockKeyhole, text: t('auth.layout.pointEncryption') },
    { Icon: ShieldCheck, text: t('auth.layout.pointTwoFactor') },
    { Icon: Headset, text: t('auth.layout.pointSupport') },
    { Icon: Globe2, text: t('auth.layout.pointCountries') },
  ];
  return (
    <div className="flex min-h-dvh bg-bg">
      <aside className="relative hidden w-[42%] max-w-xl flex-col justify-between overflow-hidden bg-[#1e1b4b] p-10 text-white lg:flex xl:p-14">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -end-32 -top-32 size-[28rem] rounded-full bg-brand opacity-40 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -start-24 bottom-0 size-80 rounded-full bg-[#0ea5e9] opacity-20 blur-3xl"
        />
        <div className="relative flex items-center gap-2 text-lg font-semibold">
          <BrandMark className="size-9" />
          {sitename}
        </div>
        <div className="relative">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight xl:text-4xl">
            {t('auth.layout.headline')}
          </h2>
          <p className="mt-4 max-w-md text-base leading-relaxed text-indigo-100/85">
            {t('auth.layout.lead')}
          </p>
          <ul className="mt-10 space-y-4">
            {points.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-[15px] text-indigo-50">
                <span className="flex size-9 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                  <Icon className="size-[18px]" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs leading-relaxed text-indigo-100/60">{t('auth.layout.risk')}</p>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center justify-between gap-3 px-4 py-4 sm:px-8">
          <Brand className="lg:invisible" />
          <PreferencesPicker />
        </div>
        <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:px-8">
          <div className="w-full max-w-[440px]">{children}</div>
        </main>
      </div>
    </div>
  );
}
