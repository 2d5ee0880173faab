import type { Texts } from './notification-texts';
import { KYC_NOTIFICATION_TEXTS } from './notification-texts-kyc';

/** Members' notifications in Arabic (decision 162; the keys and rendering: notification-texts.ts). */
export const AR: Texts = {
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
      `تم رفض إيداعك ${p.reference} بقيمة ${f.money(p.amount)}${p.reason ? `: ${f.reason('deposits', p.reason)}` : ''}. لم يُخصم شيء من رصيدك.`,
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
        ? `أضفنا ${f.money(p.amount)} إلى رصيدك: ${f.clause(p.reason)}.`
        : `خصمنا ${f.money(-p.amount)} من رصيدك: ${f.clause(p.reason)}.`,
  },
  withdrawal_rejected: {
    title: () => 'تم رفض السحب',
    body: (p, f) =>
      `تم رفض سحبك بقيمة ${f.money(p.amount)}: ${f.reason('withdrawals', p.reason)}. أُعيد المبلغ إلى رصيدك.`,
  },
  withdrawal_cancelled: {
    title: () => 'تم إلغاء السحب',
    body: (p, f) => `ألغيت سحبك بقيمة ${f.money(p.amount)}. أُعيد المبلغ إلى رصيدك.`,
  },
  withdrawal_cancelled_by_undo: {
    title: () => 'تم إلغاء السحب',
    body: (p, f) =>
      `أُلغي سحبك بقيمة ${f.money(p.amount)} عند التراجع عن تغيير عنوان بريدك الإلكتروني. أُعيد المبلغ إلى رصيدك.`,
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
  referral_reward_reversed: {
    title: () => 'سُحبت نقاط الإحالة',
    body: (p, f) =>
      `عكست بوابة الدفع أول إيداع أجراه ${p.username} (استرداد أو رد مبلغ)، لذا ` +
      (p.points === p.earned
        ? `سُحبت نقاط الولاء التي ربحتها منه وعددها ${f.number(p.earned)}.`
        : `سُحبت نقاط الولاء التي ربحتها منه: ${f.number(p.points)} من ${f.number(p.earned)}، وكان الباقي قد استُبدل من قبل.`),
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
      (p.reinvesting
        ? `تنتهي خطتك ${p.plan}، وقيمتها الآن ${f.money(p.amount)} مع أرباحها المُعاد استثمارها، في ${f.date(p.ends)} وستُجدَّد للمدة نفسها بعائد ${f.number(p.rate_bps / 100)}% سنويًا بكل ما تحويه حينها` +
          (p.with_earnings ? '، مع أي أرباح دفعتها إلى رصيدك.' : '.')
        : `تنتهي خطتك ${p.plan} بقيمة ${f.money(p.amount)} في ${f.date(p.ends)} وستُجدَّد للمدة نفسها بعائد ${f.number(p.rate_bps / 100)}% سنويًا` +
          (p.with_earnings ? '، مع إضافة أرباحها.' : '؛ وتبقى أرباحها في رصيدك.')) +
      ' يمكنك تغيير ذلك من محفظتك حتى ذلك الحين.',
  },
  plan_renewed: {
    title: (p) => `جُدِّدت خطة ${p.plan}`,
    body: (p, f) =>
      `انتهت خطتك وجُدِّدت: ${f.money(p.amount)} مستثمرة في ${p.plan} بعائد ${f.number(p.rate_bps / 100)}% سنويًا حتى ${f.date(p.ends)}. حققت أرباحًا قدرها ${f.money(p.earned)} في المدة السابقة.`,
  },
  loan_approved: {
    title: () => 'تمت الموافقة على القرض',
    body: (p, f) => `تمت الموافقة على قرضك بقيمة ${f.money(p.amount)} من خطة ${p.plan} وإضافته إلى رصيدك.`,
  },
  loan_rejected: {
    title: () => 'تم رفض طلب القرض',
    body: (p, f) =>
      `تم رفض طلبك للحصول على قرض بقيمة ${f.money(p.amount)} من خطة ${p.plan}: ${f.reason('loan_applications', p.reason)}.`,
  },
  loan_completed: {
    title: () => 'تم سداد القرض',
    body: (p, f) => `تم سداد قرضك بقيمة ${f.money(p.amount)} من خطة ${p.plan} بالكامل. شكرًا لك!`,
  },
  loan_payment_missed: {
    title: () => 'لم يُحصَّل قسط القرض بالكامل',
    body: (p, f) =>
      `لم نتمكن من تحصيل قسط قرضك البالغ ${f.money(p.amount)} المستحق في ${f.date(p.due)} بالكامل. يرجى إضافة مال إلى رصيدك: نحاول مجددًا كل يوم، ويظهر القرض متأخرًا حتى يُسدَّد.`,
  },
  goal_completed: {
    title: () => 'تم بلوغ الهدف',
    body: (p, f) =>
      `بلغ هدفك «${p.goal}» قيمته المستهدفة ${f.money(p.target)}. تستمر خططه كما هي، ولن تُقتطع مساهمات أخرى.`,
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
