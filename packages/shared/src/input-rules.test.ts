import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_RANGE, INPUT_MESSAGES, INPUT_TEXT_MAX_LENGTH, inputTextProblems } from './input-rules';
import { isSafeLinkUrl, isoDate, positiveId, wholeNumber } from './schemas/common';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('inputTextProblems (decision 153)', () => {
  it('finds a NUL or an over-long text in any value or key, with its path', () => {
    const long = 'x'.repeat(INPUT_TEXT_MAX_LENGTH + 1);
    const problems = inputTextProblems({
      name: 'Na\u0000b',
      fine: 'x'.repeat(INPUT_TEXT_MAX_LENGTH),
      links: [{ url: 'ok' }, { url: long }],
      ['k\u0000']: 1,
      count: 3,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: ['name'], message: INPUT_MESSAGES.nul },
        { path: ['links', 1, 'url'], message: INPUT_MESSAGES.tooLong },
        { path: ['k\u0000'], message: INPUT_MESSAGES.nul },
      ]),
    );
    expect(problems).toHaveLength(3);
    expect(inputTextProblems('a\u0000')).toEqual([{ path: [], message: INPUT_MESSAGES.nul }]);
  });

  it('walks a body nested deeper than a recursion would survive', () => {
    let nested: unknown = 'deep\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) nested = [nested];
    const [problem] = inputTextProblems(nested);
    expect(problem?.path).toHaveLength(200_000);
  });

  it('reports at most 20 problems, in the order the body writes them', () => {
    const problems = inputTextProblems(Array.from({ length: 10_000 }, () => 'x\u0000'));
    expect(problems.map((problem) => problem.path)).toEqual(Array.from({ length: 20 }, (_, i) => [i]));
  });
});

describe('wholeNumber and positiveId', () => {
  const id = positiveId('Bad id.');

  it('take a JSON integer or its canonical decimal text', () => {
    expect(id.parse(7)).toBe(7);
    expect(id.parse('7')).toBe(7);
    expect(id.parse('2147483647')).toBe(2147483647);
    expect(wholeNumber(z.number().int().min(-5)).parse('-5')).toBe(-5);
  });

  it.each([
    true,
    false,
    [1],
    ' 1',
    '1 ',
    '1e0',
    '0x1',
    '+1',
    '01',
    '',
    '1.0',
    1.5,
    0,
    '0',
    2147483648,
    null,
    {},
  ])('refuse %j', (value) => {
    expect(messages(id.safeParse(value))).toEqual(['Bad id.']);
  });
});

describe('isoDate', () => {
  it(`takes real days from ${DATE_RANGE.earliest} to ${DATE_RANGE.latest}`, () => {
    expect(isoDate().parse(DATE_RANGE.earliest)).toBe(DATE_RANGE.earliest);
    expect(isoDate().parse(DATE_RANGE.latest)).toBe(DATE_RANGE.latest);
    expect(isoDate().parse('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses other days with one message each', () => {
    for (const day of ['9999-12-31', '1899-12-31', '0000-01-01', '2101-01-01']) {
      expect(messages(isoDate().safeParse(day))).toEqual([INPUT_MESSAGES.dateOutOfRange]);
    }
    for (const day of ['2023-02-29', '2024-13-01', 'tomorrow', '20240101']) {
      expect(messages(isoDate('Bad day.').safeParse(day))).toEqual(['Bad day.']);
    }
  });
});

describe('isSafeLinkUrl', () => {
  it.each([
    ['https://x.com/ourplatform', {}],
    ['HTTPS://WWW.EXAMPLE.COM:8443/a?b=c#d', {}],
    ['mailto:team@example.com', { mailto: true }],
    ['/logo.svg', { sitePath: true }],
  ])('takes %s', (url, options) => {
    expect(isSafeLinkUrl(url, options)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://example.com',
    'ftp://example.com',
    'https://user:pass@example.com',
    'https://bank.example@evil.example',
    'https://exa mple.com',
    'https://example.com/\u0000',
    'https:example.com',
    '//evil.example/logo.png',
    '/\\evil.example',
    'mailto:not-an-address',
    'mailto:a@b.co',
    '/logo.svg',
    '',
  ])('refuses %j where mailto: is not asked for', (url) => {
    expect(isSafeLinkUrl(url, { sitePath: url.startsWith('//') || url.startsWith('/\\') })).toBe(false);
  });

  it('refuses a mailto: without an address even where mailto: is allowed', () => {
    expect(isSafeLinkUrl('mailto:javascript:alert(1)', { mailto: true })).toBe(false);
  });
});
