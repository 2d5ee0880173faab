import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, EMAIL_CHANGE_MESSAGES } from '@app/shared/schemas/auth';
import { GOAL_MESSAGES } from '@app/shared/schemas/goals';
import { NUMBER_LOCALES } from '@app/shared/number-locales';
import { i18n } from './index';
import { templatedMessage } from './server-messages';

/** What the reader sees of a server message, in the current language (no-break spaces as spaces). */
function shown(message: string): string | null {
  const locale = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US';
  return templatedMessage(i18n.t, message, locale)?.replace(/\u00a0/gu, ' ') ?? null;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('server messages that carry a number', () => {
  it("read back every wording the API's functions make, and say it again the same in English", async () => {
    await i18n.changeLanguage('en');
    const made = [
      ...[1, 2, 30, 59, 60, 61, 900, 3600].map((seconds) => AUTH_MESSAGES.throttled(seconds)),
      ...[1, 2, 45].map((seconds) => AUTH_MESSAGES.otpResendTooSoon(seconds)),
      ...[1, 45].map((seconds) => EMAIL_CHANGE_MESSAGES.tooSoon(seconds)),
      GOAL_MESSAGES.tooManyGoals(20),
      GOAL_MESSAGES.insufficientBalance('$1,250.00'),
    ];
    expect(made.map(shown)).toEqual(made);
  });

  it('say them in Spanish and in Arabic with the plural form the number takes', async () => {
    await i18n.changeLanguage('es');
    expect(shown(AUTH_MESSAGES.throttled(900))).toBe(
      'Demasiados intentos. Vuelve a intentarlo en 15 minutos.',
    );
    expect(shown(AUTH_MESSAGES.otpResendTooSoon(1))).toBe('Espera 1 segundo antes de pedir un código nuevo.');
    expect(shown(GOAL_MESSAGES.insufficientBalance('$1,250.00'))).toBe(
      'Tu saldo es insuficiente: la primera inversión de esta meta es de 1250,00 US$.',
    );
    await i18n.changeLanguage('ar');
    expect(shown(AUTH_MESSAGES.throttled(180))).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد 3 دقائق.');
    expect(shown(AUTH_MESSAGES.throttled(2))).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد ثانيتين.');
    expect(shown(GOAL_MESSAGES.tooManyGoals(20))).toBe('يمكنك أن تملك 20 هدفًا كحد أقصى.');
    expect(shown(GOAL_MESSAGES.insufficientBalance('$1,250.00'))).toBe(
      'رصيدك غير كافٍ: أول استثمار لهذا الهدف هو \u2066\u200f1,250.00 US$\u2069.',
    );
  });

  it('leave every other message to the messages namespace', () => {
    expect(shown(AUTH_MESSAGES.invalidCredentials)).toBeNull();
  });
});
