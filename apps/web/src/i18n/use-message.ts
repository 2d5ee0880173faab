import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NUMBER_LOCALES } from '@app/shared/number-locales';
import { templatedMessage } from './server-messages';

/**
 * Translates a product message given in English: the spec's texts, the shared schemas' validation
 * messages and the server's answers. The English text is the key in the 'messages' namespace, so a
 * message without a translation shows as the server or schema wrote it. An absent message stays absent.
 * A message that carries a number is read back into its key and count first (server-messages.ts), its
 * amount formatted in the reader's language.
 */
export function useMessage(): <T extends string | undefined>(message: T) => T {
  const { t, i18n } = useTranslation('messages');
  const locale = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US';
  return useCallback(
    <T extends string | undefined>(message: T): T =>
      (message === undefined
        ? message
        : (templatedMessage(t, message, locale) ??
          t(message, { keySeparator: false, nsSeparator: false, defaultValue: message }))) as T,
    [t, locale],
  );
}
