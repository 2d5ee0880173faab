import type { MailContent, MailLanguage } from '../../integrations/mail/mail-content';
import { MAIL_TEXTS, mailDirection, type SecurityNoticeKey } from '../../integrations/mail/mail-texts';

/**
 * The mails the platform sends, each a function from its facts to its content in the reader's
 * language (issue 36 item 6, decision 179). `renderMail` turns a content into HTML and text.
 */
const base = (language: MailLanguage) => ({ language, direction: mailDirection(language) });

/** Where and when a security event happened, as the mails show it. */
export interface RequestFacts {
  /** Where the change came from; null when the platform's staff made it (the member is told so). */
  ip: string | null;
  userAgent: string | null;
  at: Date;
}

function requestDetails(language: MailLanguage, facts: RequestFacts) {
  const words = MAIL_TEXTS[language];
  return [
    { label: words.time, value: `${facts.at.toISOString().replace('T', ' ').slice(0, 16)} UTC` },
    ...(facts.ip ? [{ label: words.ip, value: facts.ip }] : []),
    ...(facts.userAgent ? [{ label: words.device, value: facts.userAgent }] : []),
  ];
}

export function verificationMail(
  language: MailLanguage,
  facts: { name: string; site: string; code: string; minutes: number },
): MailContent {
  const words = MAIL_TEXTS[language];
  return {
    ...base(language),
    subject: words.verification.subject(facts.site),
    greeting: words.hello(facts.name),
    paragraphs: [words.verification.body(facts.code, facts.minutes)],
    code: facts.code,
    closing: [words.verification.ignore],
  };
}

export function passwordResetMail(
  language: MailLanguage,
  facts: { name: string; site: string; link: string; minutes: number },
): MailContent {
  const words = MAIL_TEXTS[language].reset;
  return {
    ...base(language),
    subject: words.subject(facts.site),
    greeting: MAIL_TEXTS[language].hello(facts.name),
    paragraphs: [words.body],
    action: { label: words.action, url: facts.link },
    closing: [words.expiry(facts.minutes), words.ignore],
  };
}

export function newSignInMail(language: MailLanguage, facts: { name: string } & RequestFacts): MailContent {
  const words = MAIL_TEXTS[language].newSignIn;
  return {
    ...base(language),
    subject: words.subject,
    greeting: MAIL_TEXTS[language].hello(facts.name),
    paragraphs: [words.body],
    details: requestDetails(language, facts),
    closing: [words.closing],
  };
}

export function recoveryCodeUsedMail(
  language: MailLanguage,
  facts: { name: string } & RequestFacts,
): MailContent {
  const words = MAIL_TEXTS[language].recoveryUsed;
  return {
    ...base(language),
    subject: words.subject,
    greeting: MAIL_TEXTS[language].hello(facts.name),
    paragraphs: [words.body],
    details: requestDetails(language, facts),
    closing: [words.closing],
  };
}

/** A security notice: a key of MAIL_TEXTS, or (for a notice not yet translated) its English words. */
export type SecurityNotice = SecurityNoticeKey | { subject: string; what: string };

export function securityNoticeMail(
  language: MailLanguage,
  facts: { name: string; notice: SecurityNotice } & RequestFacts,
): MailContent {
  const words = MAIL_TEXTS[language];
  const notice = typeof facts.notice === 'string' ? words.notices[facts.notice] : facts.notice;
  const lang = typeof facts.notice === 'string' ? language : 'en';
  return {
    ...base(lang),
    subject: notice.subject,
    greeting: MAIL_TEXTS[lang].hello(facts.name),
    paragraphs: [notice.what],
    details: requestDetails(lang, facts),
    closing: [MAIL_TEXTS[lang].noticeClosing],
  };
}

/** To the new address: the code that confirms it (nothing changes until it is entered). */
export function emailChangeCodeMail(
  language: MailLanguage,
  facts: { name: string; site: string; code: string; minutes: number },
): MailContent {
  const words = MAIL_TEXTS[language].emailChange;
  return {
    ...base(language),
    subject: words.codeSubject(facts.site),
    greeting: MAIL_TEXTS[language].hello(facts.name),
    paragraphs: [words.codeBody(facts.code, facts.minutes)],
    code: facts.code,
    closing: [words.codeIgnore],
  };
}

/** To the old address once the change is made: what changed, and the undo link. */
export function emailChangedMail(
  language: MailLanguage,
  facts: { name: string; newEmail: string; oldEmail: string; days: number; link: string } & RequestFacts,
): MailContent {
  const words = MAIL_TEXTS[language].emailChange;
  return {
    ...base(language),
    subject: words.changedSubject,
    greeting: MAIL_TEXTS[language].hello(facts.name),
    paragraphs: [words.changedBody(facts.newEmail), words.undoBody(facts.days, facts.oldEmail)],
    action: { label: words.undoAction, url: facts.link },
    details: requestDetails(language, facts),
    closing: [],
  };
}

/** After the undo link was used: the address is back and every session ended. */
export function emailRestoredMail(
  language: MailLanguage,
  facts: { name: string; oldEmail: string } & RequestFacts,
): MailContent {
  const words = MAIL_TEXTS[language].emailChange;
  return {
    ...base(language),
    subject: words.restoredSubject,
    greeting: MAIL_TEXTS[language].hello(facts.name),
    paragraphs: [words.restoredBody(facts.oldEmail)],
    details: requestDetails(language, facts),
    closing: [MAIL_TEXTS[language].noticeClosing],
  };
}

/** A notification mailed (a confirmed deposit, an approved loan): its rendered title and body. */
export function notificationMail(
  language: MailLanguage,
  facts: { name: string; title: string; body: string; link: string | null },
): MailContent {
  const words = MAIL_TEXTS[language];
  return {
    ...base(language),
    subject: facts.title,
    greeting: words.hello(facts.name),
    paragraphs: [facts.body],
    ...(facts.link ? { action: { label: words.open, url: facts.link } } : {}),
    closing: [],
  };
}

const SAMPLE_REQUEST: RequestFacts = {
  ip: '203.0.113.7',
  userAgent: 'Chrome 131 on Windows 10',
  at: new Date('2026-03-14T09:12:00Z'),
};

/** Each template with sample facts, for the development preview at /api/dev/mail-templates. */
export const MAIL_TEMPLATE_SAMPLES: Record<string, (language: MailLanguage, site: string) => MailContent> = {
  verification: (language, site) =>
    verificationMail(language, { name: 'alice', site, code: '493027', minutes: 10 }),
  'password-reset': (language, site) =>
    passwordResetMail(language, {
      name: 'alice',
      site,
      link: 'https://example.test/reset-password?token=sample&email=alice%40example.test',
      minutes: 60,
    }),
  'new-sign-in': (language) => newSignInMail(language, { name: 'alice', ...SAMPLE_REQUEST }),
  'recovery-code-used': (language) => recoveryCodeUsedMail(language, { name: 'alice', ...SAMPLE_REQUEST }),
  'password-changed': (language) =>
    securityNoticeMail(language, { name: 'alice', notice: 'password_changed', ...SAMPLE_REQUEST }),
  'email-change-code': (language, site) =>
    emailChangeCodeMail(language, { name: 'alice', site, code: '720514', minutes: 30 }),
  'email-changed': (language) =>
    emailChangedMail(language, {
      name: 'alice',
      newEmail: 'alice.new@example.test',
      oldEmail: 'alice@example.test',
      days: 7,
      link: 'https://example.test/email-change/undo?token=sample',
      ...SAMPLE_REQUEST,
    }),
  'account-closed': (language) =>
    securityNoticeMail(language, { name: 'alice', notice: 'account_closed', ...SAMPLE_REQUEST }),
  'two-factor-on': (language) =>
    securityNoticeMail(language, { name: 'alice', notice: 'two_factor_on', ...SAMPLE_REQUEST }),
  'two-factor-reset': (language) =>
    securityNoticeMail(language, {
      name: 'alice',
      notice: 'two_factor_reset',
      ...SAMPLE_REQUEST,
      ip: null,
      userAgent: null,
    }),
  notification: (language) =>
    notificationMail(language, {
      name: 'alice',
      title: { en: 'Deposit confirmed', es: 'Depósito confirmado', ar: 'تم تأكيد الإيداع' }[language],
      body: {
        en: 'Your deposit DEP-1001 of $250.00 has been credited to your balance.',
        es: 'Tu depósito DEP-1001 de 250,00 US$ se ha abonado a tu saldo.',
        ar: 'تمت إضافة إيداعك DEP-1001 بقيمة ‎$250.00 إلى رصيدك.',
      }[language],
      link: 'https://example.test/activity?type=deposit',
    }),
};
