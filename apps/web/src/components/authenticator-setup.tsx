import type { ReactNode } from 'react';
import { CopyButton } from '#components/ui/copy-button';

export interface AuthenticatorSetupTexts {
  step1: string;
  qrAlt: string;
  secretLead: string;
  copySecret: string;
  step2: string;
}

/**
 * Setting up an authenticator app, in two numbered steps: scan the QR code (or type the key), then
 * enter a code the app shows (`codeStep`, the caller's form). The member's security tab and an admin's
 * first sign-in show it with their own texts.
 */
export function AuthenticatorSetup({
  qrCode,
  secret,
  texts,
  heading: Heading = 'h3',
  secretTestId,
  codeStep,
}: {
  qrCode: string;
  secret: string;
  texts: AuthenticatorSetupTexts;
  heading?: 'h2' | 'h3';
  secretTestId?: string;
  codeStep: ReactNode;
}) {
  return (
    <ol className="space-y-6">
      <li>
        <Heading className="text-sm font-semibold">{texts.step1}</Heading>
        <div className="mt-3 flex flex-col gap-5 sm:flex-row sm:items-start">
          <img
            src={qrCode}
            alt={texts.qrAlt}
            width={176}
            height={176}
            className="size-44 shrink-0 rounded-xl border border-line bg-white p-2"
          />
          <div className="min-w-0 space-y-2">
            <p className="text-sm text-muted">{texts.secretLead}</p>
            <code
              dir="ltr"
              data-testid={secretTestId}
              className="block rounded-lg border border-line bg-surface-muted px-3 py-2 font-mono text-sm break-all"
            >
              {secret}
            </code>
            <CopyButton text={secret} label={texts.copySecret} />
          </div>
        </div>
      </li>
      <li>
        <Heading className="mb-3 text-sm font-semibold">{texts.step2}</Heading>
        {codeStep}
      </li>
    </ol>
  );
}

/** Recovery codes, two columns, each left to right in every language. */
export function RecoveryCodeList({ codes, label }: { codes: string[]; label?: string }) {
  return (
    <ol
      aria-label={label}
      className="grid grid-cols-2 gap-2 rounded-xl border border-line bg-surface-muted p-4 font-mono text-sm"
    >
      {codes.map((code) => (
        <li key={code} dir="ltr" className="rounded-md bg-surface px-2.5 py-1.5 text-center">
          {code}
        </li>
      ))}
    </ol>
  );
}
