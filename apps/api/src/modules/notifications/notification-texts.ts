import { centsToMajor, formatMoney, formatPercentLabel } from '@app/shared';
import { KYC_NOTIFICATION_TEXTS } from './notification-texts-kyc';

/**
 * The texts of members' notifications, by key, in every language the site offers (decision 162). A
 * notification stores its key and parameters; the text is made when it is read (the bell, the admin's
 * view of a member) or mailed, in the reader's language. Money parameters are integer cents and dates
 * ISO days, formatted here for the reader's locale; names (plans, goals, usernames) and the reasons an
 * operator typed are shown as written.
 */
export interface NotificationParams {
  deposit_confirmed: { reference: string; amount: number };
  deposit_partially_paid: { reference: string; credited: number; amount: number };
  deposit_failed: { reference: string; amount: number };
  deposit_expired: { reference: string; amount: number };
  deposit_rejected: { reference: string; amount: number; reason: string };
  deposit_refunded: { reference: string; credited: number; taken: number; owed: number };
  deposit_refund_recovered: { reference: string; paid: number; outstanding: number };
  withdrawal_approved: { amount: number };
  withdrawal_rejected: { amount: number; reason: string };
  withdrawal_cancelled: { amount: number };
  deposit_cancelled: { reference: string; amount: number };
  loan_application_cancelled: { plan: string; amount: number };
  referral_reward: { username: string; points: number };
  plan_matured: { plan: string; amount: number; earned: number };
  /** Rates in basis points; `changed_on` and `renewals_from` ISO days (decision 193). */
  plan_rate_changed: {
    plan: string;
    apy_before: number;
    apy_after: number;
    locked_before: number;
    locked_after: number;
    changed_on: string;
    renewals_from: string;
  };
  /** Decision 194: rate in basis points, `ends` the ISO day the term ends; with_earnings 1 or 0. */
  plan_renewal_notice: {
    plan: string;
    amount: number;
    rate_bps: number;
    ends: string;
    with_earnings: number;
  };
  plan_renewed: { plan: string; amount: number; earned: number; rate_bps: number; ends: string };
  loan_approved: { plan: string; amount: number };
  loan_rejected: { plan: string; amount: number; reason: string };
  loan_completed: { plan: string; amount: number };
  loan_payment_missed: { amount: number; due: string };
  goal_completed: { goal: string; target: number };
  goal_skipped_plan_closed: { goal: string; due: string; plan: string };
  goal_skipped_low_balance: { goal: string; due: string; amount: number };
  goal_off_track: { goal: string; target: number; date: string; projected: number; suggested: number };
  goal_off_track_late: { goal: string; target: number; date: string; projected: number };
  balance_corrected: { amount: number; reason: string };
  /** Identity verification decided (decision 189); the reason is the reviewer's. */
  kyc_approved: Record<string, never>;
  kyc_rejected: { reason: string };
  /** An admin's announcement (decision 183): its own text per language, English always there. */
  announcement: AnnouncementParams;
}
/** An announcement's texts, flat (parameters are strings and numbers): `title_en`, `body_es`... */
export type AnnouncementParams = Record<string, string | number> & {
  announcement: number;
  title_en: string;
  body_en: string;
};
export type NotificationKey = keyof NotificationParams;
export type NotificationMessage = {
  [K in NotificationKey]: { key: K; params: NotificationParams[K] };
}[NotificationKey];

export const NOTIFICATION_LANGUAGES = ['en', 'es', 'ar'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/** Formats for one reader: money from cents, ISO days, whole numbers. */
export interface Formats {
  money(cents: number): string;
  date(isoDay: string): string;
  number(value: number): string;
  /** A rate in basis points as a percentage ("12.5%"). */
  percent(bps: number): string;
}

type Texts = {
  [K in Exclude<NotificationKey, 'announcement'>]: {
    title: (p: NotificationParams[K]) => string;
    body: (p: NotificationParams[K], f: Formats) => string;
  };
};

const EN: Texts = {
  ...KYC_NOTIFICATION_TEXTS.en,
  deposit_confirmed: {
    title: () => 'Deposit confirmed',
    body: (p, f) => `Your deposit ${p.reference} of ${f.money(p.amount)} has been credited to your balance.`,
  },
  deposit_partially_paid: {
    title: () => 'Deposit partially received',
    body: (p, f) =>
      `We received part of your deposit ${p.reference}: ${f.money(p.credited)} of ${f.money(p.amount)} has been credited.`,
  },
  deposit_failed: {
    title: () => 'Deposit failed',
    body: (p, f) =>
      `Your deposit ${p.reference} of ${f.money(p.amount)} failed. Nothing was taken from your balance.`,
  },
  deposit_expired: {
    title: () => 'Deposit expired',
    body: (p, f) =>
      `Your deposit ${p.reference} of ${f.money(p.amount)} expired before a payment arrived. Nothing was taken from your balance.`,
  },
  deposit_rejected: {
    title: () => 'Deposit rejected',
    body: (p, f) =>
      `Your deposit ${p.reference} of ${f.money(p.amount)} was rejected${p.reason ? `: ${p.reason}` : ''}. Nothing was taken from your balance.`,
  },
  deposit_refunded: {
    title: () => 'Deposit reversed',
    body: (p, f) =>
      `The payment gateway reversed your deposit ${p.reference} of ${f.money(p.credited)} (a refund or a chargeback). ` +
      (p.owed === 0
        ? `${f.money(p.taken)} has been taken back from your balance.`
        : `${f.money(p.taken)} has been taken back from your balance; the remaining ${f.money(p.owed)} is owed and will be taken from the next money that reaches your balance.`),
  },
  deposit_refund_recovered: {
    title: () => 'Amount owed collected',
    body: (p, f) =>
      `${f.money(p.paid)} was taken from your balance towards what you owe for the reversed deposit ${p.reference}. ` +
      (p.outstanding === 0 ? 'Nothing more is owed for it.' : `${f.money(p.outstanding)} is still owed.`),
  },
  withdrawal_approved: {
    title: () => 'Withdrawal approved',
    body: (p, f) => `Your withdrawal of ${f.money(p.amount)} has been approved and is on its way.`,
  },
  balance_corrected: {
    title: () => 'Balance corrected',
    body: (p, f) =>
      p.amount >= 0
        ? `We credited ${f.money(p.amount)} to your balance: ${p.reason}.`
        : `We debited ${f.money(-p.amount)} from your balance: ${p.reason}.`,
  },
  withdrawal_rejected: {
    title: () => 'Withdrawal rejected',
    body: (p, f) =>
      `Your withdrawal of ${f.money(p.amount)} was rejected: ${p.reason}. The amount is back in your balance.`,
  },
  withdrawal_cancelled: {
    title: () => 'Withdrawal cancelled',
    body: (p, f) =>
      `You cancelled your withdrawal of ${f.money(p.amount)}. The amount is back in your balance.`,
  },
  deposit_cancelled: {
    title: () => 'Deposit cancelled',
    body: (p, f) =>
      `You cancelled your deposit ${p.reference} of ${f.money(p.amount)}. Do not send a transfer with this reference.`,
  },
  loan_application_cancelled: {
    title: () => 'Loan application withdrawn',
    body: (p, f) => `You withdrew your application for ${f.money(p.amount)} from the ${p.plan} plan.`,
  },
  referral_reward: {
    title: () => 'You earned referral points',
    body: (p, f) =>
      `${p.username} made their first deposit: you earned ${f.number(p.points)} loyalty points.`,
  },
  plan_matured: {
    title: (p) => `${p.plan} has matured`,
    body: (p, f) =>
      `Your ${p.plan} plan has ended: ${f.money(p.amount)} is back in your balance, and it earned ${f.money(p.earned)}.`,
  },
  plan_rate_changed: {
    title: (p) => `New rate for ${p.plan}`,
    body: (p, f) =>
      `The rate of ${p.plan} changes from ${f.percent(p.apy_before)} to ${f.percent(p.apy_after)} for renewals from ${f.date(p.renewals_from)}; new investments get ${f.percent(p.apy_after)} from ${f.date(p.changed_on)}.` +
      (p.locked_before === p.locked_after
        ? ''
        : ` The locked rate changes from ${f.percent(p.locked_before)} to ${f.percent(p.locked_after)} on the same dates.`),
  },
  plan_renewal_notice: {
    title: (p) => `${p.plan} will renew soon`,
    body: (p, f) =>
      `Your ${p.plan} plan of ${f.money(p.amount)} ends on ${f.date(p.ends)} and will renew for the same term at ${f.number(p.rate_bps / 100)}% a year` +
      (p.with_earnings ? ', with its earnings added.' : '; its earnings stay in your balance.') +
      ' You can change this in your portfolio until then.',
  },
  plan_renewed: {
    title: (p) => `${p.plan} has renewed`,
    body: (p, f) =>
      `Your plan has ended and renewed: ${f.money(p.amount)} is invested in ${p.plan} at ${f.number(p.rate_bps / 100)}% a year until ${f.date(p.ends)}. It earned ${f.money(p.earned)} in the last term.`,
  },
  loan_approved: {
    title: () => 'Loan approved',
    body: (p, f) =>
      `Your ${p.plan} loan of ${f.money(p.amount)} has been approved and paid into your balance.`,
  },
  loan_rejected: {
    title: () => 'Loan application rejected',
    body: (p, f) => `Your application for a ${p.plan} loan of ${f.money(p.amount)} was rejected: ${p.reason}`,
  },
  loan_completed: {
    title: () => 'Loan repaid',
    body: (p, f) => `Your ${p.plan} loan of ${f.money(p.amount)} is fully repaid. Thank you!`,
  },
  loan_payment_missed: {
    title: () => 'Loan payment not collected in full',
    body: (p, f) =>
      `We could not collect your loan instalment of ${f.money(p.amount)} due ${f.date(p.due)} in full. Please add money to your balance: we try again every day, and the loan shows as overdue until it is paid.`,
  },
  goal_completed: {
    title: () => 'Goal reached',
    body: (p, f) =>
      `Your goal “${p.goal}” has reached its target of ${f.money(p.target)}. Its money stays invested in its plans.`,
  },
  goal_skipped_plan_closed: {
    title: () => 'Goal contribution skipped',
    body: (p, f) =>
      `We could not invest for your goal “${p.goal}” on ${f.date(p.due)}: its plan ${p.plan} is closed for investment.`,
  },
  goal_skipped_low_balance: {
    title: () => 'Goal contribution skipped',
    body: (p, f) =>
      `We could not invest ${f.money(p.amount)} for your goal “${p.goal}” on ${f.date(p.due)}: your balance was too low. We try again next period.`,
  },
  goal_off_track: {
    title: () => 'Goal behind schedule',
    body: (p, f) =>
      `Your goal “${p.goal}” is projected at ${f.money(p.projected)} on ${f.date(p.date)}, short of its target of ${f.money(p.target)}. Contributing ${f.money(p.suggested)} each period would put it back on track.`,
  },
  goal_off_track_late: {
    title: () => 'Goal behind schedule',
    body: (p, f) =>
      `Your goal “${p.goal}” will not reach ${f.money(p.target)} by ${f.date(p.date)}: it is projected at ${f.money(p.projected)}.`,
  },
};

const ES: Texts = {
  ...KYC_NOTIFICATION_TEXTS.es,
  deposit_confirmed: {
    title: () => 'Depósito confirmado',
    body: (p, f) => `Tu depósito ${p.reference} de ${f.money(p.amount)} se ha abonado a tu saldo.`,
  },
  deposit_partially_paid: {
    title: () => 'Depósito recibido en parte',
    body: (p, f) =>
      `Recibimos parte de tu depósito ${p.reference}: se han abonado ${f.money(p.credited)} de ${f.money(p.amount)}.`,
  },
  deposit_failed: {
    title: () => 'Depósito fallido',
    body: (p, f) =>
      `Tu depósito ${p.reference} de ${f.money(p.amount)} ha fallado. No se ha tomado nada de tu saldo.`,
  },
  deposit_expired: {
    title: () => 'Depósito caducado',
    body: (p, f) =>
      `Tu depósito ${p.reference} de ${f.money(p.amount)} caducó antes de que llegara el pago. No se ha tomado nada de tu saldo.`,
  },
  deposit_rejected: {
    title: () => 'Depósito rechazado',
    body: (p, f) =>
      `Tu depósito ${p.reference} de ${f.money(p.amount)} fue rechazado${p.reason ? `: ${p.reason}` : ''}. No se ha tomado nada de tu saldo.`,
  },
  deposit_refunded: {
    title: () => 'Depósito revertido',
    body: (p, f) =>
      `La pasarela de pago revirtió tu depósito ${p.reference} de ${f.money(p.credited)} (un reembolso o un contracargo). ` +
      (p.owed === 0
        ? `Se han retirado ${f.money(p.taken)} de tu saldo.`
        : `Se han retirado ${f.money(p.taken)} de tu saldo; los ${f.money(p.owed)} restantes se deben y se tomarán del próximo dinero que llegue a tu saldo.`),
  },
  deposit_refund_recovered: {
    title: () => 'Importe adeudado cobrado',
    body: (p, f) =>
      `Se tomaron ${f.money(p.paid)} de tu saldo para lo que debes por el depósito revertido ${p.reference}. ` +
      (p.outstanding === 0 ? 'Ya no se debe nada por él.' : `Aún se deben ${f.money(p.outstanding)}.`),
  },
  withdrawal_approved: {
    title: () => 'Retiro aprobado',
    body: (p, f) => `Tu retiro de ${f.money(p.amount)} ha sido aprobado y está en camino.`,
  },
  balance_corrected: {
    title: () => 'Saldo corregido',
    body: (p, f) =>
      p.amount >= 0
        ? `Hemos abonado ${f.money(p.amount)} a tu saldo: ${p.reason}.`
        : `Hemos cargado ${f.money(-p.amount)} a tu saldo: ${p.reason}.`,
  },
  withdrawal_rejected: {
    title: () => 'Retiro rechazado',
    body: (p, f) =>
      `Tu retiro de ${f.money(p.amount)} fue rechazado: ${p.reason}. El importe ha vuelto a tu saldo.`,
  },
  withdrawal_cancelled: {
    title: () => 'Retiro cancelado',
    body: (p, f) => `Cancelaste tu retiro de ${f.money(p.amount)}. El importe ha vuelto a tu saldo.`,
  },
  deposit_cancelled: {
    title: () => 'Depósito cancelado',
    body: (p, f) =>
      `Cancelaste tu depósito ${p.reference} de ${f.money(p.amount)}. No envíes ninguna transferencia con esta referencia.`,
  },
  loan_application_cancelled: {
    title: () => 'Solicitud de préstamo retirada',
    body: (p, f) => `Retiraste tu solicitud de ${f.money(p.amount)} del plan ${p.plan}.`,
  },
  referral_reward: {
    title: () => 'Has ganado puntos por referido',
    body: (p, f) =>
      `${p.username} hizo su primer depósito: has ganado ${f.number(p.points)} puntos de fidelidad.`,
  },
  plan_matured: {
    title: (p) => `El plan ${p.plan} ha vencido`,
    body: (p, f) =>
      `Tu plan ${p.plan} ha terminado: ${f.money(p.amount)} han vuelto a tu saldo y ha generado ${f.money(p.earned)}.`,
  },
  plan_rate_changed: {
    title: (p) => `Nueva tasa para ${p.plan}`,
    body: (p, f) =>
      `La tasa de ${p.plan} pasa de ${f.percent(p.apy_before)} a ${f.percent(p.apy_after)} para las renovaciones desde el ${f.date(p.renewals_from)}; las nuevas inversiones obtienen ${f.percent(p.apy_after)} desde el ${f.date(p.changed_on)}.` +
      (p.locked_before === p.locked_after
        ? ''
        : ` La tasa bloqueada pasa de ${f.percent(p.locked_before)} a ${f.percent(p.locked_after)} en las mismas fechas.`),
  },
  plan_renewal_notice: {
    title: (p) => `El plan ${p.plan} se renovará pronto`,
    body: (p, f) =>
      `Tu plan ${p.plan} de ${f.money(p.amount)} termina el ${f.date(p.ends)} y se renovará por el mismo plazo al ${f.number(p.rate_bps / 100)}% anual` +
      (p.with_earnings ? ', con sus ganancias incluidas.' : '; sus ganancias se quedan en tu saldo.') +
      ' Puedes cambiarlo en tu portafolio hasta entonces.',
  },
  plan_renewed: {
    title: (p) => `El plan ${p.plan} se ha renovado`,
    body: (p, f) =>
      `Tu plan terminó y se renovó: ${f.money(p.amount)} está invertido en ${p.plan} al ${f.number(p.rate_bps / 100)}% anual hasta el ${f.date(p.ends)}. Generó ${f.money(p.earned)} en el plazo anterior.`,
  },
  loan_approved: {
    title: () => 'Préstamo aprobado',
    body: (p, f) => `Tu préstamo ${p.plan} de ${f.money(p.amount)} ha sido aprobado y abonado a tu saldo.`,
  },
  loan_rejected: {
    title: () => 'Solicitud de préstamo rechazada',
    body: (p, f) =>
      `Tu solicitud de un préstamo ${p.plan} de ${f.money(p.amount)} fue rechazada: ${p.reason}`,
  },
  loan_completed: {
    title: () => 'Préstamo pagado',
    body: (p, f) => `Tu préstamo ${p.plan} de ${f.money(p.amount)} está totalmente pagado. ¡Gracias!`,
  },
  loan_payment_missed: {
    title: () => 'Cuota del préstamo no cobrada por completo',
    body: (p, f) =>
      `No pudimos cobrar por completo tu cuota de ${f.money(p.amount)} con vencimiento el ${f.date(p.due)}. Añade dinero a tu saldo: lo intentamos de nuevo cada día, y el préstamo figura como vencido hasta que se pague.`,
  },
  goal_completed: {
    title: () => 'Meta alcanzada',
    body: (p, f) =>
      `Tu meta «${p.goal}» ha alcanzado su objetivo de ${f.money(p.target)}. Su dinero sigue invertido en sus planes.`,
  },
  goal_skipped_plan_closed: {
    title: () => 'Aportación a la meta omitida',
    body: (p, f) =>
      `No pudimos invertir para tu meta «${p.goal}» el ${f.date(p.due)}: su plan ${p.plan} está cerrado a la inversión.`,
  },
  goal_skipped_low_balance: {
    title: () => 'Aportación a la meta omitida',
    body: (p, f) =>
      `No pudimos invertir ${f.money(p.amount)} para tu meta «${p.goal}» el ${f.date(p.due)}: tu saldo era insuficiente. Lo intentaremos de nuevo el próximo periodo.`,
  },
  goal_off_track: {
    title: () => 'Meta con retraso',
    body: (p, f) =>
      `Tu meta «${p.goal}» se proyecta en ${f.money(p.projected)} el ${f.date(p.date)}, por debajo de su objetivo de ${f.money(p.target)}. Aportar ${f.money(p.suggested)} por periodo la volvería a encaminar.`,
  },
  goal_off_track_late: {
    title: () => 'Meta con retraso',
    body: (p, f) =>
      `Tu meta «${p.goal}» no alcanzará ${f.money(p.target)} para el ${f.date(p.date)}: se proyecta en ${f.money(p.projected)}.`,
  },
};

const AR: Texts = {
  ...KYC_NOTIFICATION_TEXTS.ar,
  deposit_confirmed: {
    title: () => 'تم تأكيد الإيداع',
    body: (p, f) => `تمت إضافة إيداعك ${p.reference} بقيمة ${f.money(p.amount)} إلى رصيدك.`,
  },
  deposit_partially_paid: {
    title: () => 'تم استلام جزء من الإيداع',
    body: (p, f) =>
      `استلمنا جزءًا من إيداعك ${p.reference}: تمت إضافة ${f.money(p.credited)} من أصل ${f.money(p.amount)}.`,
  },
  deposit_failed: {
    title: () => 'فشل الإيداع',
    body: (p, f) => `فشل إيداعك ${p.reference} بقيمة ${f.money(p.amount)}. لم يُخصم شيء من رصيدك.`,
  },
  deposit_expired: {
    title: () => 'انتهت صلاحية الإيداع',
    body: (p, f) =>
      `انتهت صلاحية إيداعك ${p.reference} بقيمة ${f.money(p.amount)} قبل وصول الدفعة. لم يُخصم شيء من رصيدك.`,
  },
  deposit_rejected: {
    title: () => 'تم رفض الإيداع',
    body: (p, f) =>
      `تم رفض إيداعك ${p.reference} بقيمة ${f.money(p.amount)}${p.reason ? `: ${p.reason}` : ''}. لم يُخصم شيء من رصيدك.`,
  },
  deposit_refunded: {
    title: () => 'تم عكس الإيداع',
    body: (p, f) =>
      `عكست بوابة الدفع إيداعك ${p.reference} بقيمة ${f.money(p.credited)} (استرداد أو رد مبلغ). ` +
      (p.owed === 0
        ? `تم خصم ${f.money(p.taken)} من رصيدك.`
        : `تم خصم ${f.money(p.taken)} من رصيدك؛ والمبلغ المتبقي ${f.money(p.owed)} مستحق وسيُخصم من أول مال يصل إلى رصيدك.`),
  },
  deposit_refund_recovered: {
    title: () => 'تم تحصيل المبلغ المستحق',
    body: (p, f) =>
      `تم خصم ${f.money(p.paid)} من رصيدك مقابل ما تدين به عن الإيداع المعكوس ${p.reference}. ` +
      (p.outstanding === 0 ? 'لم يعد عليك شيء مقابله.' : `لا يزال ${f.money(p.outstanding)} مستحقًا.`),
  },
  withdrawal_approved: {
    title: () => 'تمت الموافقة على السحب',
    body: (p, f) => `تمت الموافقة على سحبك بقيمة ${f.money(p.amount)} وهو في طريقه إليك.`,
  },
  balance_corrected: {
    title: () => 'تم تصحيح الرصيد',
    body: (p, f) =>
      p.amount >= 0
        ? `أضفنا ${f.money(p.amount)} إلى رصيدك: ${p.reason}.`
        : `خصمنا ${f.money(-p.amount)} من رصيدك: ${p.reason}.`,
  },
  withdrawal_rejected: {
    title: () => 'تم رفض السحب',
    body: (p, f) => `تم رفض سحبك بقيمة ${f.money(p.amount)}: ${p.reason}. أُعيد المبلغ إلى رصيدك.`,
  },
  withdrawal_cancelled: {
    title: () => 'تم إلغاء السحب',
    body: (p, f) => `ألغيت سحبك بقيمة ${f.money(p.amount)}. أُعيد المبلغ إلى رصيدك.`,
  },
  deposit_cancelled: {
    title: () => 'تم إلغاء الإيداع',
    body: (p, f) => `ألغيت إيداعك ${p.reference} بقيمة ${f.money(p.amount)}. لا ترسل أي تحويل بهذا المرجع.`,
  },
  loan_application_cancelled: {
    title: () => 'تم سحب طلب القرض',
    body: (p, f) => `سحبت طلبك بقيمة ${f.money(p.amount)} من خطة ${p.plan}.`,
  },
  referral_reward: {
    title: () => 'ربحت نقاط إحالة',
    body: (p, f) => `أجرى ${p.username} أول إيداع له: ربحت ${f.number(p.points)} من نقاط الولاء.`,
  },
  plan_matured: {
    title: (p) => `انتهت مدة خطة ${p.plan}`,
    body: (p, f) =>
      `انتهت خطتك ${p.plan}: عاد ${f.money(p.amount)} إلى رصيدك، وحققت أرباحًا قدرها ${f.money(p.earned)}.`,
  },
  plan_rate_changed: {
    title: (p) => `معدل جديد لخطة ${p.plan}`,
    body: (p, f) =>
      `يتغير معدل خطة ${p.plan} من ${f.percent(p.apy_before)} إلى ${f.percent(p.apy_after)} للتجديدات اعتبارًا من ${f.date(p.renewals_from)}؛ وتحصل الاستثمارات الجديدة على ${f.percent(p.apy_after)} اعتبارًا من ${f.date(p.changed_on)}.` +
      (p.locked_before === p.locked_after
        ? ''
        : ` ويتغير المعدل عند التثبيت من ${f.percent(p.locked_before)} إلى ${f.percent(p.locked_after)} في التواريخ نفسها.`),
  },
  plan_renewal_notice: {
    title: (p) => `ستُجدَّد خطة ${p.plan} قريبًا`,
    body: (p, f) =>
      `تنتهي خطتك ${p.plan} بقيمة ${f.money(p.amount)} في ${f.date(p.ends)} وستُجدَّد للمدة نفسها بعائد ${f.number(p.rate_bps / 100)}% سنويًا` +
      (p.with_earnings ? '، مع إضافة أرباحها.' : '؛ وتبقى أرباحها في رصيدك.') +
      ' يمكنك تغيير ذلك من محفظتك حتى ذلك الحين.',
  },
  plan_renewed: {
    title: (p) => `جُدِّدت خطة ${p.plan}`,
    body: (p, f) =>
      `انتهت خطتك وجُدِّدت: ${f.money(p.amount)} مستثمرة في ${p.plan} بعائد ${f.number(p.rate_bps / 100)}% سنويًا حتى ${f.date(p.ends)}. حققت أرباحًا قدرها ${f.money(p.earned)} في المدة السابقة.`,
  },
  loan_approved: {
    title: () => 'تمت الموافقة على القرض',
    body: (p, f) => `تمت الموافقة على قرضك ${p.plan} بقيمة ${f.money(p.amount)} وإضافته إلى رصيدك.`,
  },
  loan_rejected: {
    title: () => 'تم رفض طلب القرض',
    body: (p, f) => `تم رفض طلبك للحصول على قرض ${p.plan} بقيمة ${f.money(p.amount)}: ${p.reason}`,
  },
  loan_completed: {
    title: () => 'تم سداد القرض',
    body: (p, f) => `تم سداد قرضك ${p.plan} بقيمة ${f.money(p.amount)} بالكامل. شكرًا لك!`,
  },
  loan_payment_missed: {
    title: () => 'لم يُحصَّل قسط القرض بالكامل',
    body: (p, f) =>
      `لم نتمكن من تحصيل قسط قرضك البالغ ${f.money(p.amount)} المستحق في ${f.date(p.due)} بالكامل. يرجى إضافة مال إلى رصيدك: نحاول مجددًا كل يوم، ويظهر القرض متأخرًا حتى يُسدَّد.`,
  },
  goal_completed: {
    title: () => 'تم بلوغ الهدف',
    body: (p, f) => `بلغ هدفك «${p.goal}» قيمته المستهدفة ${f.money(p.target)}. يبقى ماله مستثمرًا في خططه.`,
  },
  goal_skipped_plan_closed: {
    title: () => 'تم تخطي مساهمة الهدف',
    body: (p, f) =>
      `لم نتمكن من الاستثمار لهدفك «${p.goal}» في ${f.date(p.due)}: خطته ${p.plan} مغلقة أمام الاستثمار.`,
  },
  goal_skipped_low_balance: {
    title: () => 'تم تخطي مساهمة الهدف',
    body: (p, f) =>
      `لم نتمكن من استثمار ${f.money(p.amount)} لهدفك «${p.goal}» في ${f.date(p.due)}: كان رصيدك منخفضًا جدًا. سنحاول مجددًا في الفترة التالية.`,
  },
  goal_off_track: {
    title: () => 'الهدف متأخر عن موعده',
    body: (p, f) =>
      `القيمة المتوقعة لهدفك «${p.goal}» في ${f.date(p.date)} هي ${f.money(p.projected)}، أقل من هدفه البالغ ${f.money(p.target)}. المساهمة بمبلغ ${f.money(p.suggested)} في كل فترة تعيده إلى المسار.`,
  },
  goal_off_track_late: {
    title: () => 'الهدف متأخر عن موعده',
    body: (p, f) =>
      `لن يبلغ هدفك «${p.goal}» مبلغ ${f.money(p.target)} بحلول ${f.date(p.date)}: القيمة المتوقعة ${f.money(p.projected)}.`,
  },
};

const TEXTS: Record<NotificationLanguage, Texts> = { en: EN, es: ES, ar: AR };

/** Locale tags per language, as the web app formats figures (Arabic keeps Western digits). */
const LOCALES: Record<NotificationLanguage, string> = { en: 'en-US', es: 'es-ES', ar: 'ar-u-nu-latn' };

/** The language to render in: the first of `candidates` the texts exist in, else English. */
export function notificationLanguage(...candidates: (string | null | undefined)[]): NotificationLanguage {
  for (const candidate of candidates) {
    const code = candidate?.toLowerCase().split('-')[0];
    if (code && (NOTIFICATION_LANGUAGES as readonly string[]).includes(code))
      return code as NotificationLanguage;
  }
  return 'en';
}

function formatsFor(language: NotificationLanguage): Formats {
  const locale = LOCALES[language];
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(locale);
  return {
    money: (cents) => formatMoney(centsToMajor(cents), { locale }),
    date: (isoDay) => {
      const date = new Date(`${isoDay}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? isoDay : dates.format(date);
    },
    number: (value) => numbers.format(value),
    percent: (bps) => formatPercentLabel(bps, language),
  };
}

/** A message's title and body in `language`. */
export function renderNotification(
  message: NotificationMessage,
  language: NotificationLanguage,
): { title: string; body: string } {
  if (message.key === 'announcement') {
    // The reader's language when the admin wrote it, else English (decision 183).
    const p = message.params;
    const title = p[`title_${language}`];
    const body = p[`body_${language}`];
    return typeof title === 'string' && typeof body === 'string'
      ? { title, body }
      : { title: p.title_en, body: p.body_en };
  }
  const text = TEXTS[language][message.key] as {
    title: (p: NotificationMessage['params']) => string;
    body: (p: NotificationMessage['params'], f: Formats) => string;
  };
  return { title: text.title(message.params), body: text.body(message.params, formatsFor(language)) };
}

/** Whether a stored key and parameters make a message these texts can render (else the stored text shows). */
export function storedMessage(
  key: string | null,
  params: Record<string, string | number> | null,
): NotificationMessage | null {
  if (!key || !params || !(key === 'announcement' || key in EN)) return null;
  return { key, params } as NotificationMessage;
}
