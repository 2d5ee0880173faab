import type { MailLanguage } from './mail-content';

/** A security notice's key: what changed on the account (mailed whatever the member's choices). */
export type SecurityNoticeKey =
  | 'password_changed'
  | 'password_reset'
  | 'profile_changed'
  | 'two_factor_on'
  | 'two_factor_off'
  | 'two_factor_reset'
  | 'recovery_codes'
  | 'account_closed';

interface MailTexts {
  hello: (name: string) => string;
  time: string;
  ip: string;
  device: string;
  verification: {
    subject: (site: string) => string;
    body: (code: string, minutes: number) => string;
    ignore: string;
  };
  reset: {
    subject: (site: string) => string;
    body: string;
    action: string;
    expiry: (minutes: number) => string;
    ignore: string;
  };
  newSignIn: { subject: string; body: string; closing: string };
  recoveryUsed: { subject: string; body: string; closing: string };
  notices: Record<SecurityNoticeKey, { subject: string; what: string }>;
  noticeClosing: string;
  emailChange: {
    codeSubject: (site: string) => string;
    codeBody: (code: string, minutes: number) => string;
    codeIgnore: string;
    changedSubject: string;
    changedBody: (newEmail: string) => string;
    undoBody: (days: number, oldEmail: string) => string;
    undoAction: string;
    restoredSubject: string;
    restoredBody: (oldEmail: string) => string;
  };
  /** The button of a notification mail, to the member page it concerns. */
  open: string;
}

/**
 * The words of every mail in en, es and ar (issue 36 item 6, decision 179). The English ones are the
 * texts the mails had before templates; the others say the same.
 */
export const MAIL_TEXTS: Record<MailLanguage, MailTexts> = {
  en: {
    hello: (name) => `Hello ${name},`,
    time: 'Time',
    ip: 'IP address',
    device: 'Device',
    verification: {
      subject: (site) => `${site}: your verification code`,
      body: (code, minutes) => `Your verification code is ${code}. It expires in ${minutes} minutes.`,
      ignore: 'If you did not create an account, you can ignore this message.',
    },
    reset: {
      subject: (site) => `${site}: reset your password`,
      body: 'Someone asked to reset the password of your account. To choose a new password, open the link below.',
      action: 'Choose a new password',
      expiry: (minutes) => `The link works once and expires in ${minutes} minutes.`,
      ignore: 'If you did not ask for this, you can ignore this message; your password stays as it is.',
    },
    newSignIn: {
      subject: 'New sign-in to your account',
      body: 'Your account was just signed in to from a device or network we had not seen before.',
      closing:
        'If this was you, there is nothing to do. If not, change your password now and turn on two-factor authentication.',
    },
    recoveryUsed: {
      subject: 'A recovery code was used',
      body: 'One of your two-factor recovery codes was just used to sign in. Each code works once.',
      closing: 'If this was not you, change your password and regenerate your recovery codes.',
    },
    notices: {
      password_changed: {
        subject: 'Your password was changed',
        what: 'The password of your account was changed, and every other signed-in device was signed out.',
      },
      password_reset: {
        subject: 'Your password was changed',
        what: 'The password of your account was reset with a link sent to this address, and every signed-in device was signed out.',
      },
      profile_changed: {
        subject: 'Your profile details were changed',
        what: 'The personal details of your account profile were changed.',
      },
      two_factor_on: {
        subject: 'Two-factor authentication is on',
        what: 'Two-factor authentication was turned on for your account. Keep your recovery codes somewhere safe.',
      },
      two_factor_off: {
        subject: 'Two-factor authentication is off',
        what: 'Two-factor authentication was turned off for your account.',
      },
      two_factor_reset: {
        subject: 'Our support team removed two-factor authentication',
        what: 'At your request, our support team removed two-factor authentication from your account, and every signed-in device was signed out. Your old password no longer works: set a new one with the link in our other email, then turn two-factor authentication on again from Account settings.',
      },
      recovery_codes: {
        subject: 'New recovery codes',
        what: 'New two-factor recovery codes were generated for your account; the previous ones no longer work.',
      },
      account_closed: {
        subject: 'Your account was closed',
        what: 'Your account was closed at your request and every session was signed out. Your money records are kept as the law requires.',
      },
    },
    noticeClosing: 'If this was not you, contact support at once.',
    emailChange: {
      codeSubject: (site) => `${site}: confirm your new email address`,
      codeBody: (code, minutes) => `Your email change code is ${code}. It expires in ${minutes} minutes.`,
      codeIgnore: 'If you did not ask to use this address, you can ignore this message; nothing changes.',
      changedSubject: 'Your email address was changed',
      changedBody: (newEmail) => `The email address of your account was changed to ${newEmail}.`,
      undoBody: (days, oldEmail) =>
        `If this was not you, open the link below within ${days} days to restore ${oldEmail} and sign out every session.`,
      undoAction: 'Restore my email address',
      restoredSubject: 'Your email address was restored',
      restoredBody: (oldEmail) =>
        `The email address of your account is ${oldEmail} again, and every signed-in device was signed out.`,
    },
    open: 'Open',
  },
  es: {
    hello: (name) => `Hola, ${name}:`,
    time: 'Hora',
    ip: 'Dirección IP',
    device: 'Dispositivo',
    verification: {
      subject: (site) => `${site}: tu código de verificación`,
      body: (code, minutes) => `Tu código de verificación es ${code}. Caduca en ${minutes} minutos.`,
      ignore: 'Si no creaste una cuenta, puedes ignorar este mensaje.',
    },
    reset: {
      subject: (site) => `${site}: restablece tu contraseña`,
      body: 'Alguien pidió restablecer la contraseña de tu cuenta. Para elegir una nueva, abre el enlace de abajo.',
      action: 'Elegir una nueva contraseña',
      expiry: (minutes) => `El enlace funciona una sola vez y caduca en ${minutes} minutos.`,
      ignore: 'Si no lo pediste, puedes ignorar este mensaje; tu contraseña no cambia.',
    },
    newSignIn: {
      subject: 'Nuevo inicio de sesión en tu cuenta',
      body: 'Se acaba de iniciar sesión en tu cuenta desde un dispositivo o una red que no habíamos visto antes.',
      closing:
        'Si fuiste tú, no tienes que hacer nada. Si no, cambia tu contraseña ahora y activa la autenticación en dos pasos.',
    },
    recoveryUsed: {
      subject: 'Se usó un código de recuperación',
      body: 'Se acaba de usar uno de tus códigos de recuperación para iniciar sesión. Cada código funciona una vez.',
      closing: 'Si no fuiste tú, cambia tu contraseña y genera nuevos códigos de recuperación.',
    },
    notices: {
      password_changed: {
        subject: 'Se cambió tu contraseña',
        what: 'Se cambió la contraseña de tu cuenta y se cerró la sesión en todos los demás dispositivos.',
      },
      password_reset: {
        subject: 'Se cambió tu contraseña',
        what: 'La contraseña de tu cuenta se restableció con un enlace enviado a esta dirección y se cerró la sesión en todos los dispositivos.',
      },
      profile_changed: {
        subject: 'Se cambiaron los datos de tu perfil',
        what: 'Se cambiaron los datos personales del perfil de tu cuenta.',
      },
      two_factor_on: {
        subject: 'La autenticación en dos pasos está activada',
        what: 'Se activó la autenticación en dos pasos en tu cuenta. Guarda tus códigos de recuperación en un lugar seguro.',
      },
      two_factor_off: {
        subject: 'La autenticación en dos pasos está desactivada',
        what: 'Se desactivó la autenticación en dos pasos en tu cuenta.',
      },
      two_factor_reset: {
        subject: 'Nuestro equipo de soporte quitó la autenticación en dos pasos',
        what: 'A petición tuya, nuestro equipo de soporte quitó la autenticación en dos pasos de tu cuenta y se cerró la sesión en todos los dispositivos. Tu contraseña anterior ya no funciona: elige una nueva con el enlace de nuestro otro correo y vuelve a activar la autenticación en dos pasos desde la configuración de la cuenta.',
      },
      recovery_codes: {
        subject: 'Nuevos códigos de recuperación',
        what: 'Se generaron nuevos códigos de recuperación para tu cuenta; los anteriores ya no funcionan.',
      },
      account_closed: {
        subject: 'Se cerró tu cuenta',
        what: 'Tu cuenta se cerró a petición tuya y se cerró la sesión en todos los dispositivos. Tus registros de dinero se conservan como exige la ley.',
      },
    },
    noticeClosing: 'Si no fuiste tú, contacta con soporte de inmediato.',
    emailChange: {
      codeSubject: (site) => `${site}: confirma tu nueva dirección de correo`,
      codeBody: (code, minutes) =>
        `Tu código para cambiar el correo es ${code}. Caduca en ${minutes} minutos.`,
      codeIgnore: 'Si no pediste usar esta dirección, puedes ignorar este mensaje; nada cambia.',
      changedSubject: 'Se cambió tu dirección de correo',
      changedBody: (newEmail) => `La dirección de correo de tu cuenta se cambió a ${newEmail}.`,
      undoBody: (days, oldEmail) =>
        `Si no fuiste tú, abre el enlace de abajo en un plazo de ${days} días para recuperar ${oldEmail} y cerrar la sesión en todos los dispositivos.`,
      undoAction: 'Recuperar mi dirección de correo',
      restoredSubject: 'Se recuperó tu dirección de correo',
      restoredBody: (oldEmail) =>
        `La dirección de correo de tu cuenta vuelve a ser ${oldEmail} y se cerró la sesión en todos los dispositivos.`,
    },
    open: 'Abrir',
  },
  ar: {
    hello: (name) => `مرحبًا ${name}،`,
    time: 'الوقت',
    ip: 'عنوان IP',
    device: 'الجهاز',
    verification: {
      subject: (site) => `${site}: رمز التحقق الخاص بك`,
      body: (code, minutes) => `رمز التحقق الخاص بك هو ${code}. تنتهي صلاحيته خلال ${minutes} دقائق.`,
      ignore: 'إذا لم تنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
    },
    reset: {
      subject: (site) => `${site}: إعادة تعيين كلمة المرور`,
      body: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك. لاختيار كلمة مرور جديدة، افتح الرابط أدناه.',
      action: 'اختيار كلمة مرور جديدة',
      expiry: (minutes) => `يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ${minutes} دقيقة.`,
      ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة؛ تبقى كلمة مرورك كما هي.',
    },
    newSignIn: {
      subject: 'تسجيل دخول جديد إلى حسابك',
      body: 'تم تسجيل الدخول إلى حسابك للتو من جهاز أو شبكة لم نرها من قبل.',
      closing: 'إذا كنت أنت، فلا شيء عليك فعله. وإلا، فغيّر كلمة مرورك الآن وفعّل المصادقة الثنائية.',
    },
    recoveryUsed: {
      subject: 'تم استخدام رمز استرداد',
      body: 'تم للتو استخدام أحد رموز الاسترداد الخاصة بالمصادقة الثنائية لتسجيل الدخول. يعمل كل رمز مرة واحدة.',
      closing: 'إذا لم تكن أنت، فغيّر كلمة مرورك وأنشئ رموز استرداد جديدة.',
    },
    notices: {
      password_changed: {
        subject: 'تم تغيير كلمة مرورك',
        what: 'تم تغيير كلمة مرور حسابك، وتم تسجيل الخروج من جميع الأجهزة الأخرى.',
      },
      password_reset: {
        subject: 'تم تغيير كلمة مرورك',
        what: 'تمت إعادة تعيين كلمة مرور حسابك برابط أُرسل إلى هذا العنوان، وتم تسجيل الخروج من جميع الأجهزة.',
      },
      profile_changed: {
        subject: 'تم تغيير بيانات ملفك الشخصي',
        what: 'تم تغيير البيانات الشخصية في ملف حسابك.',
      },
      two_factor_on: {
        subject: 'المصادقة الثنائية مفعّلة',
        what: 'تم تفعيل المصادقة الثنائية لحسابك. احفظ رموز الاسترداد في مكان آمن.',
      },
      two_factor_off: {
        subject: 'المصادقة الثنائية متوقفة',
        what: 'تم إيقاف المصادقة الثنائية لحسابك.',
      },
      two_factor_reset: {
        subject: 'أزال فريق الدعم المصادقة الثنائية',
        what: 'بناءً على طلبك، أزال فريق الدعم المصادقة الثنائية من حسابك، وتم تسجيل الخروج من جميع الأجهزة. لم تعد كلمة المرور القديمة تعمل: عيّن كلمة مرور جديدة من الرابط في رسالتنا الأخرى، ثم فعّل المصادقة الثنائية من جديد من إعدادات الحساب.',
      },
      recovery_codes: {
        subject: 'رموز استرداد جديدة',
        what: 'تم إنشاء رموز استرداد جديدة لحسابك؛ الرموز السابقة لم تعد تعمل.',
      },
      account_closed: {
        subject: 'تم إغلاق حسابك',
        what: 'تم إغلاق حسابك بناءً على طلبك وتسجيل الخروج من جميع الجلسات. نحتفظ بسجلاتك المالية كما يقتضي القانون.',
      },
    },
    noticeClosing: 'إذا لم تكن أنت، فاتصل بالدعم فورًا.',
    emailChange: {
      codeSubject: (site) => `${site}: أكّد عنوان بريدك الإلكتروني الجديد`,
      codeBody: (code, minutes) =>
        `رمز تغيير بريدك الإلكتروني هو ${code}. تنتهي صلاحيته خلال ${minutes} دقيقة.`,
      codeIgnore: 'إذا لم تطلب استخدام هذا العنوان، يمكنك تجاهل هذه الرسالة؛ لن يتغير شيء.',
      changedSubject: 'تم تغيير عنوان بريدك الإلكتروني',
      changedBody: (newEmail) => `تم تغيير عنوان البريد الإلكتروني لحسابك إلى ${newEmail}.`,
      undoBody: (days, oldEmail) =>
        `إذا لم تكن أنت، فافتح الرابط أدناه خلال ${days} أيام لاستعادة ${oldEmail} وتسجيل الخروج من جميع الجلسات.`,
      undoAction: 'استعادة عنوان بريدي',
      restoredSubject: 'تمت استعادة عنوان بريدك الإلكتروني',
      restoredBody: (oldEmail) =>
        `عاد عنوان البريد الإلكتروني لحسابك إلى ${oldEmail}، وتم تسجيل الخروج من جميع الأجهزة.`,
    },
    open: 'فتح',
  },
};

/** The mail language of a member: their saved one when we write mails in it, English otherwise. */
export function mailLanguage(saved: string | null | undefined): MailLanguage {
  const base = (saved ?? '').toLowerCase().split('-')[0];
  return base === 'es' || base === 'ar' ? base : 'en';
}

export const mailDirection = (language: MailLanguage): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');
