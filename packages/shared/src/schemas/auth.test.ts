import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ChangePasswordRequest,
  Disable2faRequest,
  ErrorResponse,
  LoginRequest,
  RegisterRequest,
  ResendOtpRequest,
  TotpCodeRequest,
  TwoFactorLoginRequest,
  VerifyOtpRequest,
  describeWait,
} from './auth';

/** The messages of a failed parse, by field path. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const base = { username: 'ada_l', email: 'Ada@Example.COM', password: 'long enough to pass' };

describe('RegisterRequest', () => {
  it('normalises a personal sign-up: lowercase email, personal by default, no business fields', () => {
    const parsed = RegisterRequest.parse({ ...base, business_name: 'Ignored', business_email: 'x@y.z' });
    expect(parsed).toMatchObject({
      email: 'ada@example.com',
      account_type: 'personal',
      business_name: null,
      business_email: null,
      referral_code: null,
      referral_source: null,
    });
  });

  it("treats 'professional' as a business account and requires its fields", () => {
    expect(problems(RegisterRequest.safeParse({ ...base, account_type: 'professional' }))).toEqual({
      business_name: ['Business name is required.'],
      business_email: ['Business email is required.'],
    });
    const parsed = RegisterRequest.parse({
      ...base,
      account_type: 'professional',
      business_name: '  Acme  ',
      business_email: 'Billing@Acme.example',
    });
    expect(parsed).toMatchObject({
      account_type: 'business',
      business_name: 'Acme',
      business_email: 'billing@acme.example',
    });
    expect(
      problems(
        RegisterRequest.safeParse({
          ...base,
          account_type: 'business',
          business_name: 'A',
          business_email: 'no',
        }),
      ),
    ).toEqual({
      business_email: ['Please enter a valid business email.'],
    });
  });

  it('refuses an unknown account type', () => {
    expect(problems(RegisterRequest.safeParse({ ...base, account_type: 'charity' }))).toEqual({
      account_type: ['Choose a personal or corporate account.'],
    });
  });

  it('requires username, email and password with their messages', () => {
    expect(problems(RegisterRequest.safeParse({}))).toEqual({
      username: ['Username is required.'],
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
    expect(
      problems(RegisterRequest.safeParse({ ...base, username: '   ', email: '  ', password: '' })),
    ).toMatchObject({
      username: ['Username is required.'],
      email: ['Email is required.'],
    });
  });

  it('checks the email, the username characters and the password length', () => {
    expect(problems(RegisterRequest.safeParse({ ...base, email: 'not-an-email' }))).toEqual({
      email: ['Please enter a valid email address.'],
    });
    expect(problems(RegisterRequest.safeParse({ ...base, username: 'a b' }))).toEqual({
      username: ['Username may contain letters, digits, dots, dashes and underscores.'],
    });
    expect(problems(RegisterRequest.safeParse({ ...base, password: 'short' }))).toEqual({
      password: ['Password must be at least 12 characters.'],
    });
    expect(problems(RegisterRequest.safeParse({ ...base, password: 'x'.repeat(129) }))).toEqual({
      password: ['Password must be at most 128 characters.'],
    });
  });

  it('normalises the referral code to capitals and treats an empty one as none', () => {
    expect(RegisterRequest.parse({ ...base, referral_code: ' abcd2345 ' }).referral_code).toBe('ABCD2345');
    expect(RegisterRequest.parse({ ...base, referral_code: '' }).referral_code).toBeNull();
    expect(RegisterRequest.parse({ ...base, referral_code: null }).referral_code).toBeNull();
  });

  it('accepts the supported language and currency, the currency in any case', () => {
    expect(RegisterRequest.parse({ ...base, language: 'ar', currency: 'eur' })).toMatchObject({
      language: 'ar',
      currency: 'EUR',
    });
    expect(problems(RegisterRequest.safeParse({ ...base, language: 'xx', currency: 'JPY' }))).toEqual({
      language: ['Choose a supported language.'],
      currency: ['Choose a supported currency.'],
    });
  });
});

describe('email code requests', () => {
  it("needs exactly 6 digits ('OTP must be 6 digits')", () => {
    expect(VerifyOtpRequest.parse({ email: 'a@b.co', otp: ' 012345 ' }).otp).toBe('012345');
    for (const otp of ['12345', '1234567', '12a456', '', 123456]) {
      expect(problems(VerifyOtpRequest.safeParse({ email: 'a@b.co', otp }))).toEqual({
        otp: ['OTP must be 6 digits'],
      });
    }
  });

  it("requires the email ('Email is required')", () => {
    expect(problems(ResendOtpRequest.safeParse({}))).toEqual({ email: ['Email is required'] });
    expect(problems(ResendOtpRequest.safeParse({ email: '' }))).toEqual({ email: ['Email is required'] });
  });
});

describe('LoginRequest', () => {
  it('requires email and password, remember is optional', () => {
    expect(LoginRequest.parse({ email: 'A@B.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
    expect(problems(LoginRequest.safeParse({ email: '', password: '' }))).toEqual({
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: 'x', remember: 'yes' }).success).toBe(false);
  });
});

describe('two-factor codes', () => {
  it('takes a 6-digit code or a recovery code (any case, compared in lowercase) at sign-in and to disable', () => {
    expect(TwoFactorLoginRequest.parse({ token: ' 123456 ' }).token).toBe('123456');
    expect(TwoFactorLoginRequest.parse({ token: 'AB3DE-FG7HJ' }).token).toBe('ab3de-fg7hj');
    expect(Disable2faRequest.parse({ token: 'ab3de-fg7hj' }).token).toBe('ab3de-fg7hj');
    for (const token of ['12345', 'abcde', 'ab3de_fg7hj', 'ab3de-fg7h!']) {
      expect(problems(TwoFactorLoginRequest.safeParse({ token }))).toEqual({
        token: ['Enter the 6-digit code from your authenticator app.'],
      });
    }
    expect(problems(Disable2faRequest.safeParse({}))).toEqual({
      token: ['Enter the 6-digit code from your authenticator app.'],
    });
  });

  it('takes only a 6-digit code to confirm the setup', () => {
    expect(TotpCodeRequest.safeParse({ token: '654321' }).success).toBe(true);
    expect(TotpCodeRequest.safeParse({ token: 'ab3de-fg7hj' }).success).toBe(false);
  });
});

describe('ChangePasswordRequest', () => {
  const valid = {
    old_password: 'old password',
    new_password: 'a new password here',
    new_password_confirmation: 'a new password here',
  };

  it('accepts a new, confirmed password', () => {
    expect(ChangePasswordRequest.safeParse(valid).success).toBe(true);
  });

  it("needs all three fields ('Please fill all password fields.')", () => {
    const result = problems(ChangePasswordRequest.safeParse({}));
    expect(result).toEqual({
      old_password: ['Please fill all password fields.'],
      new_password: ['Please fill all password fields.'],
      new_password_confirmation: ['Please fill all password fields.'],
    });
  });

  it("needs the confirmation to match ('New passwords do not match.') and a different password", () => {
    expect(
      problems(ChangePasswordRequest.safeParse({ ...valid, new_password_confirmation: 'other' })),
    ).toEqual({
      new_password_confirmation: ['New passwords do not match.'],
    });
    expect(
      problems(
        ChangePasswordRequest.safeParse({
          old_password: 'the same password',
          new_password: 'the same password',
          new_password_confirmation: 'the same password',
        }),
      ),
    ).toEqual({ new_password: [AUTH_MESSAGES.passwordUnchanged] });
    expect(
      problems(
        ChangePasswordRequest.safeParse({
          ...valid,
          new_password: 'short',
          new_password_confirmation: 'short',
        }),
      ),
    ).toEqual({
      new_password: ['Password must be at least 12 characters.'],
    });
  });
});

describe('messages', () => {
  it('keeps the spec wording', () => {
    expect(AUTH_MESSAGES.registered).toBe(
      'Registration successful! Please enter the OTP sent to your email.',
    );
    expect(AUTH_MESSAGES.otpResent).toBe('Verification email resent! Check your inbox for the OTP.');
    expect(AUTH_MESSAGES.otpVerified).toBe('OTP verified successfully!');
    expect(AUTH_MESSAGES.twoFactorRequired).toBe('Two-factor authentication required.');
    expect(AUTH_MESSAGES.twoFactorInvalid).toBe('Invalid 2FA token');
    expect(AUTH_MESSAGES.twoFactorEnabled).toBe('2FA has been successfully enabled for your account!');
    expect(AUTH_MESSAGES.twoFactorDisabled).toBe('2FA has been disabled');
    expect(AUTH_MESSAGES.twoFactorVerificationFailed).toBe('Verification failed');
    expect(AUTH_MESSAGES.loggedOut).toBe('Logged out successfully!');
    expect(AUTH_MESSAGES.passwordChanged).toBe('Password changed successfully!');
  });

  it('describes waits for people', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(900)).toBe('15 minutes');
    expect(AUTH_MESSAGES.throttled(810)).toBe('Too many attempts. Please try again in 14 minutes.');
    expect(AUTH_MESSAGES.otpResendTooSoon(1)).toBe('Please wait 1 second before requesting a new code.');
  });

  it('describes the error body of every API error', () => {
    expect(
      ErrorResponse.safeParse({ message: 'x', code: 'BUSINESS_RULE', errors: { a: ['b'] } }).success,
    ).toBe(true);
    expect(ErrorResponse.safeParse({ message: 'x', code: 'NOT_A_CODE' }).success).toBe(false);
  });
});
