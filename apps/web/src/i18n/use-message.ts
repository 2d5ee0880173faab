import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Translates a product message given in English: the spec's texts, the shared schemas' validation
 * messages and the server's answers. The English text is the key in the 'messages' namespace, so a
 * message without a translation shows as the server or schema wrote it. An absent message stays absent.
 */
export function useMessage(): <T extends string | undefined>(message: T) => T {
  const { t } = useTranslation('messages');
  return useCallback(
    <T extends string | undefined>(message: T): T =>
      (message === undefined
        ? message
        : t(message, { keySeparator: false, nsSeparator: false, defaultValue: message })) as T,
    [t],
  );
}
