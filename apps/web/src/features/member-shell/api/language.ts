import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LanguageResponse, UserResponse } from '@app/shared';
import { chosenLanguage, isLanguage, setLanguage } from '#i18n/index';
import { api } from '#lib/api-client';
import { meQueryKey } from '#lib/session';

/**
 * The member's saved language follows the app's (decision 234): mails, statements and exports are
 * written in it. A language chosen on this device is saved when it differs (PUT /api/me/language); a
 * device where none was chosen reads the app in the saved one.
 */
export function useLanguageSync(user: UserResponse | undefined): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = i18n.resolvedLanguage;
  const saving = useRef<string | null>(null);
  const saved = user?.language;
  useEffect(() => {
    if (saved === undefined || !isLanguage(language) || saved === language) return;
    if (chosenLanguage() === null) {
      if (isLanguage(saved)) void setLanguage(saved);
      return;
    }
    if (saving.current === language) return;
    saving.current = language;
    api
      .put<LanguageResponse>('/api/me/language', { language })
      .then((answer) =>
        queryClient.setQueryData<UserResponse>(meQueryKey, (old) =>
          old ? { ...old, language: answer.language } : old,
        ),
      )
      // The app is in the chosen language whatever the answer; the next change or visit saves it.
      .catch(() => undefined)
      .finally(() => {
        saving.current = null;
      });
  }, [saved, language, queryClient]);
}
