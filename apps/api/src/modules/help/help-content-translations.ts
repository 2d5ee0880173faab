import type { HelpLanguage } from '@app/shared';
import type { SEED_ARTICLES } from './help-content';
import { SEED_FAQS } from './help-content';

/**
 * The Spanish and Arabic versions of the help center's first content (decision 164). Articles are
 * keyed by slug (a version shares its English article's address); FAQs follow SEED_FAQS in order.
 * The screen names are those of the web app's es/ar translations; keep them true with the English.
 */
type Translated = Exclude<HelpLanguage, 'en'>;
type ArticleText = { title: string; summary: string; body: string };
type FaqText = { question: string; answer: string };

export const SEED_ARTICLE_TRANSLATIONS: Record<
  Translated,
  Record<(typeof SEED_ARTICLES)[number]['slug'], ArticleText>
> = {
  es: {
    'getting-started': {
      title: 'Primeros pasos',
      summary: 'Crea tu cuenta, verifica tu correo y añade tus datos personales en pocos minutos.',
      body: 'Regístrate con un nombre de usuario, tu correo electrónico y una contraseña. Te enviamos por correo un código de 6 dígitos: introdúcelo para verificar tu correo. Después añade en tu perfil tu nombre legal, tu dirección y tu país. Hasta que verifiques tu correo puedes echar un vistazo, pero no puedes invertir, retirar ni solicitar un préstamo.',
    },
    'making-a-deposit': {
      title: 'Cómo hacer un depósito',
      summary:
        'Añade fondos a tu cuenta por transferencia bancaria o con criptomonedas a través de nuestros socios de pago.',
      body: 'Elige Hacer depósito, introduce el importe y elige un método. Los pagos con criptomonedas abren una página de pago de nuestro socio y se abonan en cuanto el pago se confirma en la red. Una transferencia bancaria muestra nuestros datos bancarios y una referencia: incluye la referencia para que podamos identificar tu transferencia; nuestro equipo la confirma cuando llega, normalmente en un día hábil.',
    },
    'withdrawing-funds': {
      title: 'Cómo retirar tus fondos',
      summary:
        'Envía dinero a tu cuenta bancaria o a tu monedero de criptomonedas; el importe queda retenido mientras lo revisamos.',
      body: 'Abre Ajustes de la cuenta, luego Retiros, y elige Hacer retiro. El importe se aparta de tu saldo en el acto para que no pueda gastarse dos veces. Nuestro equipo revisa cada solicitud; una vez aprobada, se paga al destino que indicaste. Si una solicitud se rechaza, el importe vuelve a tu saldo y te explicamos el motivo.',
    },
    'how-plans-earn': {
      title: 'Cómo generan ganancias los planes de inversión',
      summary:
        'Las ganancias se abonan cada día según la tasa del plan; al final del plazo tu capital vuelve a tu saldo.',
      body: 'Cuando inviertes, el importe pasa de tu saldo al plan. Cada día a las 00:00 UTC el plan genera su tasa anual dividida entre 365, que se abona en tu saldo. Los planes flexibles no tienen fecha de fin; los planes a plazo fijo devuelven tu capital a tu saldo en su fecha de fin. Las rentabilidades pasadas no garantizan rentabilidades futuras.',
    },
    'locking-a-plan': {
      title: 'Bloquear un plan para obtener una tasa más alta',
      summary:
        'El bloqueo es permanente y aplica la tasa bloqueada del plan desde el siguiente abono diario.',
      body: 'En Mis planes activos y completados, elige Gestionar en un plan activo y después Bloquear plan. Un plan bloqueado genera la tasa bloqueada, más alta, desde el siguiente abono diario. El bloqueo no se puede deshacer, así que bloquea solo dinero que no vayas a necesitar antes de que termine el plan.',
    },
    'loans-explained': {
      title: 'Cómo solicitar un préstamo',
      summary:
        'Elige un plan de préstamo, consulta la cuota de cada periodo antes de solicitarlo y paga automáticamente.',
      body: 'En Explorar, elige un plan de préstamo e introduce el importe y el plazo; Calcular muestra lo que pagarás en cada periodo. Tras la aprobación, el importe se abona en tu saldo y cada cuota se cobra de tu saldo a su vencimiento. Mantén saldo suficiente en la fecha de vencimiento: una cuota impagada pasa a estar vencida y se vuelve a intentar cada día.',
    },
    'securing-your-account': {
      title: 'Cómo proteger tu cuenta',
      summary:
        'Activa la autenticación en dos pasos y guarda tus códigos de recuperación en un lugar seguro.',
      body: 'En Ajustes de la cuenta, Seguridad, activa la autenticación en dos pasos con una aplicación de autenticación. Guarda los 10 códigos de recuperación que te mostramos: cada uno sirve una vez si pierdes tu teléfono. Te enviamos un correo cuando alguien inicia sesión en tu cuenta o cuando cambian tu contraseña o tu autenticación en dos pasos. Nunca te pediremos tu contraseña ni tus códigos por correo o por teléfono.',
    },
    'fees-and-charges': {
      title: 'Comisiones y gastos',
      summary: 'Lo que pagas por usar la plataforma y lo que pueden cobrar tu banco o la red.',
      body: 'No cobramos comisión por abrir una cuenta, depositar, invertir ni retirar. Tu banco, el emisor de tu tarjeta o la red de la cadena de bloques pueden cobrar sus propias comisiones por mover dinero. Los préstamos cuestan el interés que indica el plan de préstamo. Cualquier coste que se aplique se muestra antes de que confirmes.',
    },
  },
  ar: {
    'getting-started': {
      title: 'البدء',
      summary: 'أنشئ حسابك، وتحقّق من بريدك الإلكتروني، وأضف بياناتك الشخصية في بضع دقائق.',
      body: 'سجّل باسم مستخدم وبريدك الإلكتروني وكلمة مرور. نرسل إليك رمزًا من 6 أرقام بالبريد الإلكتروني: أدخله للتحقق من بريدك. ثم أضف اسمك القانوني وعنوانك وبلدك في ملفك الشخصي. إلى أن يتم التحقق من بريدك يمكنك تصفّح المنصة، لكن لا يمكنك الاستثمار أو السحب أو طلب قرض.',
    },
    'making-a-deposit': {
      title: 'إجراء إيداع',
      summary: 'موّل حسابك بتحويل بنكي أو بالعملات المشفرة عبر شركاء الدفع لدينا.',
      body: 'اختر إيداع، وأدخل المبلغ واختر طريقة. تفتح مدفوعات العملات المشفرة صفحة دفع لدى شريك الدفع، ويُضاف المبلغ إلى رصيدك فور تأكيد الدفعة على الشبكة. أما التحويل البنكي فيعرض بياناتنا البنكية ورقمًا مرجعيًا: أدرج الرقم المرجعي لنتمكن من مطابقة تحويلك؛ ويؤكده فريقنا عند وصوله، عادةً خلال يوم عمل واحد.',
    },
    'withdrawing-funds': {
      title: 'سحب أموالك',
      summary: 'أرسل المال إلى حسابك البنكي أو محفظتك للعملات المشفرة؛ ويُحجز المبلغ أثناء مراجعتنا للطلب.',
      body: 'افتح إعدادات الحساب، ثم السحوبات، واختر إجراء سحب. يُقتطع المبلغ من رصيدك فورًا حتى لا يُصرف مرتين. يراجع فريقنا كل طلب؛ وبعد الموافقة عليه يُدفع إلى الوجهة التي حددتها. وإذا رُفض الطلب، يعود المبلغ إلى رصيدك ونخبرك بالسبب.',
    },
    'how-plans-earn': {
      title: 'كيف تحقق خطط الاستثمار الأرباح',
      summary: 'تُضاف الأرباح يوميًا وفق معدل الخطة؛ وفي نهاية المدة يعود رأس مالك إلى رصيدك.',
      body: 'عندما تستثمر، ينتقل المبلغ من رصيدك إلى الخطة. في الساعة 00:00 بالتوقيت العالمي المنسق من كل يوم، تحقق الخطة معدلها السنوي مقسومًا على 365، ويُضاف ذلك إلى رصيدك. الخطط المرنة ليس لها تاريخ انتهاء؛ أما الخطط ذات المدة الثابتة فتعيد رأس مالك إلى رصيدك في تاريخ انتهائها. العوائد السابقة لا تضمن العوائد المستقبلية.',
    },
    'locking-a-plan': {
      title: 'قفل خطة للحصول على معدل أعلى',
      summary: 'القفل دائم، ويُطبَّق معه معدل الخطة المقفل بدءًا من الإضافة اليومية التالية.',
      body: 'من خططي النشطة والمكتملة، اختر إدارة على خطة نشطة، ثم قفل الخطة. تحقق الخطة المقفلة المعدل المقفل الأعلى بدءًا من الإضافة اليومية التالية. لا يمكن التراجع عن القفل، لذا لا تقفل إلا المال الذي لن تحتاجه قبل انتهاء الخطة.',
    },
    'loans-explained': {
      title: 'طلب قرض',
      summary: 'اختر خطة قرض، واطّلع على القسط المستحق لكل فترة قبل التقديم، وسدّد تلقائيًا.',
      body: 'في استكشاف، اختر خطة قرض وأدخل المبلغ والمدة؛ ويعرض زر احسب ما ستسدده في كل فترة. بعد الموافقة يُضاف المبلغ إلى رصيدك، ويُحصَّل كل قسط من رصيدك عند استحقاقه. احرص على وجود رصيد كافٍ في تاريخ الاستحقاق: فالقسط غير المدفوع يصبح متأخرًا ويُعاد تحصيله يوميًا.',
    },
    'securing-your-account': {
      title: 'تأمين حسابك',
      summary: 'فعّل المصادقة الثنائية واحفظ رموز الاسترداد في مكان آمن.',
      body: 'في إعدادات الحساب، الأمان، فعّل المصادقة الثنائية باستخدام تطبيق مصادقة. احفظ رموز الاسترداد العشرة التي نعرضها لك: يعمل كل رمز مرة واحدة إذا فقدت هاتفك. نرسل إليك بريدًا إلكترونيًا عندما يسجّل أحد الدخول إلى حسابك أو عندما تتغير كلمة مرورك أو مصادقتك الثنائية. لن نطلب منك أبدًا كلمة مرورك أو رموزك عبر البريد الإلكتروني أو الهاتف.',
    },
    'fees-and-charges': {
      title: 'الرسوم والتكاليف',
      summary: 'ما تدفعه لاستخدام المنصة، وما قد يفرضه بنكك أو الشبكة.',
      body: 'لا نفرض أي رسوم على فتح حساب أو الإيداع أو الاستثمار أو السحب. قد يفرض بنكك أو مُصدر بطاقتك أو شبكة البلوك تشين رسومًا خاصة بهم على تحويل الأموال. تكلفة القروض هي الفائدة المبيّنة في خطة القرض. وتُعرض أي تكلفة مطبّقة قبل أن تؤكد.',
    },
  },
};

/** The FAQs' versions, in SEED_FAQS's order (one per English question). */
export const SEED_FAQ_TRANSLATIONS: Record<Translated, FaqText[]> = {
  es: [
    {
      question: '¿Cuánto tarda un depósito?',
      answer:
        'Los depósitos en criptomonedas se abonan cuando el pago se confirma en la red, normalmente en unos minutos. Las transferencias bancarias se abonan cuando nos llegan y nuestro equipo las confirma, normalmente en un día hábil.',
    },
    {
      question: '¿Cuál es el depósito mínimo?',
      answer: 'Puedes depositar desde 1 $. Cada plan de inversión tiene su propio mínimo, a partir de 100 $.',
    },
    {
      question: '¿Por qué mi retiro está pendiente?',
      answer:
        'Nuestro equipo revisa cada retiro antes de pagarlo, para proteger tu cuenta. Mientras tanto, el importe queda retenido de tu saldo. La mayoría de las solicitudes se revisan en un día hábil.',
    },
    {
      question: '¿Por qué todavía no puedo retirar?',
      answer:
        'Para retirar necesitas un correo electrónico verificado y saldo disponible suficiente. El dinero invertido en un plan vuelve a tu saldo cuando el plan termina.',
    },
    {
      question: '¿Cuándo se abonan las ganancias?',
      answer: 'Cada día a las 00:00 UTC, según la tasa anual del plan dividida entre 365.',
    },
    {
      question: '¿Están garantizadas las rentabilidades?',
      answer:
        'No. Los criptoactivos son volátiles y las tasas que se muestran son objetivos, no promesas. Invierte solo dinero que puedas permitirte perder.',
    },
    {
      question: '¿Puedo desbloquear un plan bloqueado?',
      answer: 'No. El bloqueo es permanente: el plan genera su tasa bloqueada, más alta, hasta que termina.',
    },
    {
      question: '¿Cómo se cobran las cuotas del préstamo?',
      answer:
        'Cada cuota se cobra de tu saldo en su fecha de vencimiento. Si tu saldo es insuficiente, la cuota se marca como vencida y se vuelve a intentar cada día.',
    },
    {
      question: 'He perdido el teléfono con mi aplicación de autenticación. ¿Qué hago?',
      answer:
        'Inicia sesión con uno de tus códigos de recuperación en lugar del código de 6 dígitos y vuelve a configurar la autenticación en dos pasos. Si no te quedan códigos de recuperación, escríbenos con el formulario de abajo.',
    },
    {
      question: '¿Cómo se protegen mis datos?',
      answer:
        'Las conexiones usan cifrado de 256 bits, las contraseñas se guardan solo como hashes robustos de un solo sentido y los secretos de la autenticación en dos pasos se guardan cifrados.',
    },
    {
      question: '¿Cobráis comisiones?',
      answer:
        'No cobramos comisiones por depositar, invertir ni retirar. Tu banco o la red de la cadena de bloques pueden cobrar las suyas. Los préstamos cuestan el interés que indica el plan de préstamo.',
    },
    {
      question: '¿Cómo funcionan las invitaciones?',
      answer:
        'Comparte tu enlace de invitación desde el Centro de recompensas. Cuando un amigo se registra con él y hace su primer depósito, ganas puntos de fidelidad: uno por cada dólar entero de ese depósito, hasta 5.000.',
    },
  ],
  ar: [
    {
      question: 'كم يستغرق الإيداع؟',
      answer:
        'تُضاف إيداعات العملات المشفرة عند تأكيد الدفعة على الشبكة، عادةً خلال دقائق. وتُضاف التحويلات البنكية عند وصولها إلينا وتأكيد فريقنا لها، عادةً خلال يوم عمل واحد.',
    },
    {
      question: 'ما الحد الأدنى للإيداع؟',
      answer: 'يمكنك الإيداع بدءًا من 1 دولار. لكل خطة استثمار حدها الأدنى الخاص، بدءًا من 100 دولار.',
    },
    {
      question: 'لماذا طلب السحب الخاص بي قيد الانتظار؟',
      answer:
        'يراجع فريقنا كل عملية سحب قبل دفعها، لحماية حسابك. ويُحجز المبلغ من رصيدك في هذه الأثناء. تُراجع معظم الطلبات خلال يوم عمل واحد.',
    },
    {
      question: 'لماذا لا يمكنني السحب بعد؟',
      answer:
        'يتطلب السحب بريدًا إلكترونيًا تم التحقق منه ورصيدًا متاحًا كافيًا. يعود المال المستثمر في خطة إلى رصيدك عند انتهاء الخطة.',
    },
    {
      question: 'متى تُضاف الأرباح؟',
      answer: 'كل يوم في الساعة 00:00 بالتوقيت العالمي المنسق، وفق المعدل السنوي للخطة مقسومًا على 365.',
    },
    {
      question: 'هل العوائد مضمونة؟',
      answer:
        'لا. الأصول المشفرة متقلبة، والمعدلات المعروضة أهداف وليست وعودًا. لا تستثمر إلا المال الذي يمكنك تحمّل خسارته.',
    },
    {
      question: 'هل يمكنني إلغاء قفل خطة مقفلة؟',
      answer: 'لا. القفل دائم: تحقق الخطة معدلها المقفل الأعلى حتى تنتهي.',
    },
    {
      question: 'كيف تُحصَّل أقساط القرض؟',
      answer:
        'يُقتطع كل قسط من رصيدك في تاريخ استحقاقه. وإذا كان رصيدك غير كافٍ، يُصنَّف القسط متأخرًا ويُعاد تحصيله كل يوم.',
    },
    {
      question: 'فقدت هاتفي الذي عليه تطبيق المصادقة. ماذا أفعل؟',
      answer:
        'سجّل الدخول بأحد رموز الاسترداد بدلًا من الرمز المكوّن من 6 أرقام، ثم أعد إعداد المصادقة الثنائية. وإذا لم يتبقَّ لديك أي رمز استرداد، فتواصل معنا عبر النموذج أدناه.',
    },
    {
      question: 'كيف تتم حماية بياناتي؟',
      answer:
        'تستخدم الاتصالات تشفيرًا بطول 256 بت، وتُخزَّن كلمات المرور فقط على شكل تجزئات أحادية الاتجاه قوية، وتُشفَّر أسرار المصادقة الثنائية عند تخزينها.',
    },
    {
      question: 'هل تفرضون رسومًا؟',
      answer:
        'لا نفرض رسومًا على الإيداع أو الاستثمار أو السحب. قد يفرض بنكك أو شبكة البلوك تشين رسومهم الخاصة. تكلفة القروض هي الفائدة المبيّنة في خطة القرض.',
    },
    {
      question: 'كيف تعمل الإحالات؟',
      answer:
        'شارك رابط الإحالة الخاص بك من مركز المكافآت. عندما يسجّل صديق عبره ويُجري أول إيداع له، تكسب نقاط ولاء: نقطة واحدة عن كل دولار كامل من ذلك الإيداع، حتى 5,000 نقطة.',
    },
  ],
};

// Every English FAQ has its versions (checked when the module loads, so a new one is not forgotten).
for (const [language, list] of Object.entries(SEED_FAQ_TRANSLATIONS)) {
  if (list.length !== SEED_FAQS.length)
    throw new Error(`help seed: ${list.length} ${language} FAQs for ${SEED_FAQS.length} English ones`);
}
