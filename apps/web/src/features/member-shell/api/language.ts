import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LanguageResponse, UserResponse } from '@app/shared';
import { chosenLanguage, isLanguage } from '#i18n/index';
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
  // Read on every change of the app's language (the picker stores the choice, then changes it).
  const shown = i18n.resolvedLanguage;
  const saving = useRef<string | null>(null);
  const saved = user?.language;
  useEffect(() => {
    if (saved === undefined || shown === undefined) return;
    const chosen = chosenLanguage();
    if (chosen === null) {
      // Shown, not stored: this device has still chosen nothing, and a later member of it is not
      // given this one's language.
      if (isLanguage(saved) && saved !== shown) void i18n.changeLanguage(saved);
      return;
    }
    // The choice itself, not the language shown: a language whose texts failed to load falls back to
    // English on screen, and English is not what the member chose.
    if (saved === chosen || saving.current === chosen) return;
    saving.current = chosen;
    api
      .put<LanguageResponse>('/api/me/language', { language: chosen })
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
  }, [saved, shown, i18n, queryClient]);
}
