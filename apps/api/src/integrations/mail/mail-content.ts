import { render } from '@react-email/components';
import { createElement } from 'react';
import { MailLayout } from './mail-layout';

export type MailLanguage = 'en' | 'es' | 'ar';

/** What a mail says, already in its reader's language; rendered as HTML and as plain text. */
export interface MailContent {
  language: MailLanguage;
  direction: 'ltr' | 'rtl';
  subject: string;
  /** The line a mail client shows beside the subject (the subject when absent). */
  preview?: string;
  greeting: string;
  paragraphs: string[];
  /** A one-time code shown large (and kept in the text). */
  code?: string;
  /** One button; its address is written out in the plain text. */
  action?: { label: string; url: string };
  /** Label: value lines (time, IP address, device). */
  details?: { label: string; value: string }[];
  closing: string[];
}

export interface MailSite {
  name: string;
  /** An absolute address of the site's logo, or null for the name in the brand colour. */
  logoUrl: string | null;
  /** The colour of the name and the buttons (settings' brand_color). */
  brandColor: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The plain-text part: the same words as the HTML, with a button's address written out. */
export function mailText(content: MailContent): string {
  const lines = [content.greeting, '', ...content.paragraphs.flatMap((text) => [text, ''])];
  if (content.code) lines.push(content.code, '');
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  if (content.details?.length) lines.push(...content.details.map((d) => `${d.label}: ${d.value}`), '');
  lines.push(...content.closing.flatMap((text) => [text, '']));
  return lines.join('\n').trimEnd();
}

/** Both parts of a mail from its content (react-email's `render`, decision 179). */
export async function renderMail(content: MailContent, site: MailSite): Promise<RenderedMail> {
  const html = await render(createElement(MailLayout, { content, site }));
  return { subject: content.subject, text: mailText(content), html };
}

/** A mail given as subject and text only (an operator's help answer): the same frame, in English. */
export function plainContent(message: { subject: string; text: string }): MailContent {
  const [greeting = '', ...rest] = message.text.split(/\n\s*\n/u);
  return {
    language: 'en',
    direction: 'ltr',
    subject: message.subject,
    greeting,
    paragraphs: rest,
    closing: [],
  };
}

/**
 * The name a mail greets: the username, and for a corporate account its business name first with the
 * username in brackets, "Acme Ltd (alice)" (decision 185), as statements name the business and its holder.
 */
export function addressee(user: {
  username: string;
  accountType?: 'personal' | 'business';
  businessName?: string | null;
}): string {
  return user.accountType === 'business' && user.businessName
    ? `${user.businessName} (${user.username})`
    : user.username;
}

/**
 * The name a mail to an address nobody has proven yet greets (the sign-up code, an email change's code
 * to the new address): the username alone, whose characters are few. A business name is free text of
 * 255 characters; in a mail the site signs, to any address typed in a form, it would carry whatever
 * its author wrote ("Your account is locked: call ...").
 */
export function unprovenAddressee(user: { username: string }): string {
  return user.username;
}
