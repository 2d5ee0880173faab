/**
 * The texts of the identity verification decisions (decision 189), in every language the site offers,
 * spread into the notification texts. The reason is the one the reviewer typed, shown as written
 * (without a final full stop, which the sentence adds).
 */
const asClause = (reason: string) => reason.trim().replace(/[.。]+$/u, '');

export const KYC_NOTIFICATION_TEXTS = {
  en: {
    kyc_approved: {
      title: () => 'Identity verified',
      body: () => 'Your identity verification has been approved: your account is verified.',
    },
    kyc_rejected: {
      title: () => 'Identity verification rejected',
      body: (p: { reason: string }) =>
        `We could not verify your identity: ${asClause(p.reason)}. Upload your documents again on your profile and submit them.`,
    },
  },
  es: {
    kyc_approved: {
      title: () => 'Identidad verificada',
      body: () => 'Tu verificación de identidad ha sido aprobada: tu cuenta está verificada.',
    },
    kyc_rejected: {
      title: () => 'Verificación de identidad rechazada',
      body: (p: { reason: string }) =>
        `No pudimos verificar tu identidad: ${asClause(p.reason)}. Vuelve a subir tus documentos en tu perfil y envíalos.`,
    },
  },
  ar: {
    kyc_approved: {
      title: () => 'تم التحقق من هويتك',
      body: () => 'تمت الموافقة على التحقق من هويتك: حسابك الآن موثَّق.',
    },
    kyc_rejected: {
      title: () => 'تم رفض التحقق من الهوية',
      body: (p: { reason: string }) =>
        `لم نتمكن من التحقق من هويتك: ${asClause(p.reason)}. حمّل مستنداتك مجددًا من ملفك الشخصي وأرسلها.`,
    },
  },
} as const;
