import type { Texts } from './notification-texts';
import { KYC_NOTIFICATION_TEXTS } from './notification-texts-kyc';

/** Members' notifications in Spanish (decision 162; the keys and rendering: notification-texts.ts). */
export const ES: Texts = {
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
      `Tu depósito ${p.reference} de ${f.money(p.amount)} fue rechazado${p.reason ? `: ${f.reason('deposits', p.reason)}` : ''}. No se ha tomado nada de tu saldo.`,
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
        ? `Hemos abonado ${f.money(p.amount)} a tu saldo: ${f.clause(p.reason)}.`
        : `Hemos cargado ${f.money(-p.amount)} a tu saldo: ${f.clause(p.reason)}.`,
  },
  withdrawal_rejected: {
    title: () => 'Retiro rechazado',
    body: (p, f) =>
      `Tu retiro de ${f.money(p.amount)} fue rechazado: ${f.reason('withdrawals', p.reason)}. El importe ha vuelto a tu saldo.`,
  },
  withdrawal_cancelled: {
    title: () => 'Retiro cancelado',
    body: (p, f) => `Cancelaste tu retiro de ${f.money(p.amount)}. El importe ha vuelto a tu saldo.`,
  },
  withdrawal_cancelled_by_undo: {
    title: () => 'Retiro cancelado',
    body: (p, f) =>
      `Tu retiro de ${f.money(p.amount)} se canceló al deshacerse el cambio de tu dirección de correo. El importe ha vuelto a tu saldo.`,
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
  referral_reward_reversed: {
    title: () => 'Puntos por referido retirados',
    body: (p, f) =>
      `La pasarela de pago revirtió el primer depósito de ${p.username} (un reembolso o un contracargo), así que ` +
      (p.points === p.earned
        ? `se han retirado los ${f.number(p.earned)} puntos de fidelidad que te dio.`
        : `se han retirado los puntos de fidelidad que te dio: ${f.number(p.points)} de ${f.number(p.earned)}; el resto ya se había canjeado.`),
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
      (p.reinvesting
        ? `Tu plan ${p.plan}, que ya suma ${f.money(p.amount)} con sus ganancias reinvertidas, termina el ${f.date(p.ends)} y se renovará por el mismo plazo al ${f.number(p.rate_bps / 100)}% anual con todo lo que tenga entonces` +
          (p.with_earnings ? ', más las ganancias que haya pagado a tu saldo.' : '.')
        : `Tu plan ${p.plan} de ${f.money(p.amount)} termina el ${f.date(p.ends)} y se renovará por el mismo plazo al ${f.number(p.rate_bps / 100)}% anual` +
          (p.with_earnings ? ', con sus ganancias incluidas.' : '; sus ganancias se quedan en tu saldo.')) +
      ' Puedes cambiarlo en tu portafolio hasta entonces.',
  },
  plan_renewed: {
    title: (p) => `El plan ${p.plan} se ha renovado`,
    body: (p, f) =>
      `Tu plan terminó y se renovó: ${f.money(p.amount)} está invertido en ${p.plan} al ${f.number(p.rate_bps / 100)}% anual hasta el ${f.date(p.ends)}. Generó ${f.money(p.earned)} en el plazo anterior.`,
  },
  loan_approved: {
    title: () => 'Préstamo aprobado',
    body: (p, f) =>
      `Tu préstamo de ${f.money(p.amount)} del plan ${p.plan} ha sido aprobado y abonado a tu saldo.`,
  },
  loan_rejected: {
    title: () => 'Solicitud de préstamo rechazada',
    body: (p, f) =>
      `Tu solicitud de un préstamo de ${f.money(p.amount)} del plan ${p.plan} fue rechazada: ${f.reason('loan_applications', p.reason)}.`,
  },
  loan_completed: {
    title: () => 'Préstamo pagado',
    body: (p, f) =>
      `Tu préstamo de ${f.money(p.amount)} del plan ${p.plan} está totalmente pagado. ¡Gracias!`,
  },
  loan_payment_missed: {
    title: () => 'Cuota del préstamo no cobrada por completo',
    body: (p, f) =>
      `No pudimos cobrar por completo tu cuota de ${f.money(p.amount)} con vencimiento el ${f.date(p.due)}. Añade dinero a tu saldo: lo intentamos de nuevo cada día, y el préstamo figura como vencido hasta que se pague.`,
  },
  goal_completed: {
    title: () => 'Meta alcanzada',
    body: (p, f) =>
      `Tu meta «${p.goal}» ha alcanzado su objetivo de ${f.money(p.target)}. Sus planes siguen como están y no se toman más aportes.`,
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
