import type { HelpCategory } from '@app/shared';

/**
 * The help center's first content, seeded into an empty database (admins edit it afterwards). It
 * describes how this product works (DESIGN §5-§6); keep it true when the rules change.
 */
export const SEED_ARTICLES: Array<{
  slug: string;
  category: HelpCategory;
  title: string;
  summary: string;
  body: string;
}> = [
  {
    slug: 'getting-started',
    category: 'getting-started',
    title: 'Getting started',
    summary: 'Create your account, verify your email and add your personal details in a few minutes.',
    body: 'Sign up with a username, your email and a password. We email you a 6-digit code: enter it to verify your email. Then add your legal name, address and country in your profile. Until your email is verified you can look around, but you cannot invest, withdraw or apply for a loan.',
  },
  {
    slug: 'making-a-deposit',
    category: 'deposits',
    title: 'Making a deposit',
    summary: 'Fund your account by bank transfer or with crypto through our payment partners.',
    body: 'Choose Make Deposit, enter the amount and pick a method. Crypto payments open a checkout page from our payment partner and are credited as soon as the payment is confirmed on the network. A bank transfer shows our bank details and a reference: include the reference so we can match your transfer; our team confirms it when it arrives, usually within one business day.',
  },
  {
    slug: 'withdrawing-funds',
    category: 'withdrawals',
    title: 'Withdrawing your funds',
    summary: 'Send money to your bank account or crypto wallet; the amount is held while we review it.',
    body: 'Open Account settings, then Withdrawals, and choose Make Withdrawal. The amount is set aside from your balance at once so it cannot be spent twice. Our team reviews each request; once approved it is paid to the destination you gave. If a request is rejected, the amount returns to your balance and we tell you why.',
  },
  {
    slug: 'how-plans-earn',
    category: 'plans',
    title: 'How investment plans earn',
    summary: 'Earnings are credited daily at the plan’s rate; at the end of the term your principal returns.',
    body: 'When you invest, the amount moves from your balance into the plan. Every day at 00:00 UTC the plan earns its yearly rate divided by 365, credited to your balance. Flexible plans have no end date; fixed-term plans return your principal to your balance on their end date. Past returns do not guarantee future returns.',
  },
  {
    slug: 'locking-a-plan',
    category: 'plans',
    title: 'Locking a plan for a higher rate',
    summary: 'Locking is permanent and earns the plan’s locked rate from the next daily credit.',
    body: 'From My Active & Completed Plans, choose Manage on an active plan, then Lock Plan. A locked plan earns the higher locked rate from the next daily credit. Locking cannot be undone, so only lock money you will not need before the plan ends.',
  },
  {
    slug: 'loans-explained',
    category: 'loans',
    title: 'Applying for a loan',
    summary: 'Pick a loan plan, see the repayment per period before you apply, and repay automatically.',
    body: 'In Explore, choose a loan plan and enter the amount and term; Calculate shows what you will repay each period. After approval the amount is paid into your balance and each instalment is collected from your balance when due. Keep enough in your balance on the due date: an unpaid instalment becomes overdue and is retried daily.',
  },
  {
    slug: 'securing-your-account',
    category: 'security',
    title: 'Securing your account',
    summary: 'Turn on two-factor authentication and keep your recovery codes somewhere safe.',
    body: 'In Account settings, Security, enable two-factor authentication with an authenticator app. Save the 10 recovery codes we show you: each works once if you lose your phone. We email you when someone signs in to your account or when your password or 2FA changes. We never ask for your password or codes by email or phone.',
  },
  {
    slug: 'fees-and-charges',
    category: 'fees',
    title: 'Fees and charges',
    summary: 'What you pay to use the platform, and what your bank or the network may charge.',
    body: 'We do not charge a fee to open an account, deposit, invest or withdraw. Your bank, card issuer or the blockchain network may charge their own fees for moving money. Loans cost the interest shown on the loan plan. Any cost that applies is shown before you confirm.',
  },
];

export const SEED_FAQS: Array<{ category: HelpCategory; question: string; answer: string }> = [
  {
    category: 'deposits',
    question: 'How long does a deposit take?',
    answer:
      'Crypto deposits are credited once the payment is confirmed on the network, usually within minutes. Bank transfers are credited when they reach us and our team confirms them, usually within one business day.',
  },
  {
    category: 'deposits',
    question: 'What is the minimum deposit?',
    answer: 'You can deposit from $1. Each investment plan has its own minimum, starting at $100.',
  },
  {
    category: 'withdrawals',
    question: 'Why is my withdrawal pending?',
    answer:
      'Every withdrawal is reviewed by our team before it is paid, to protect your account. The amount is held from your balance meanwhile. Most requests are reviewed within one business day.',
  },
  {
    category: 'withdrawals',
    question: 'Why can’t I withdraw yet?',
    answer:
      'Withdrawals need a verified email address and enough available balance. Money invested in a plan returns to your balance when the plan ends.',
  },
  {
    category: 'plans',
    question: 'When are earnings credited?',
    answer: 'Every day at 00:00 UTC, at the plan’s yearly rate divided by 365.',
  },
  {
    category: 'plans',
    question: 'Are returns guaranteed?',
    answer:
      'No. Crypto-assets are volatile and the rates shown are targets, not promises. Only invest money you can afford to lose.',
  },
  {
    category: 'plans',
    question: 'Can I unlock a locked plan?',
    answer: 'No. Locking is permanent: the plan earns its higher locked rate until it ends.',
  },
  {
    category: 'loans',
    question: 'How are loan repayments collected?',
    answer:
      'Each instalment is taken from your balance on its due date. If your balance is too low, the instalment is marked overdue and retried every day.',
  },
  {
    category: 'security',
    question: 'I lost my phone with my authenticator app. What now?',
    answer:
      'Sign in with one of your recovery codes instead of the 6-digit code, then set up two-factor authentication again. If you have no recovery codes left, contact us with the form below.',
  },
  {
    category: 'security',
    question: 'How is my data protected?',
    answer:
      'Connections use 256-bit encryption, passwords are stored only as strong one-way hashes and two-factor secrets are encrypted at rest.',
  },
  {
    category: 'fees',
    question: 'Do you charge fees?',
    answer:
      'We do not charge fees to deposit, invest or withdraw. Your bank or the blockchain network may charge their own. Loans cost the interest shown on the loan plan.',
  },
  {
    category: 'getting-started',
    question: 'How do referrals work?',
    answer:
      'Share your referral link from the Rewards Hub. When a friend signs up with it and makes their first deposit, you earn loyalty points: one per whole dollar of that deposit, up to 5,000.',
  },
];
