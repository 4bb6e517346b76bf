import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { BAD_BODIES, BAD_MONEY, BIG, expectClientError, expectFieldError, useBadInputApp } from '../../../../tests/helpers/bad-input';
import { validRequest } from '../../../../tests/helpers/requests';
import { REQUEST_TEXTS } from '../../../common/schemas/requests';

// Wrong bodies on POST /api/requests, the request form: always a 4xx with a JSON message, never a 5xx (RULES.md 7),
// and the spec's texts where it fixes them. The set-up is shared with the other requests-bad-input.*.api.test.ts
// (tests/helpers/bad-input.ts).

/** Values each request field is set to in turn. */
const BAD_VALUES: [string, unknown][] = [
  ['null', null],
  ['a number', 42],
  ['a negative float', -1.5],
  ['a huge number', 1e308],
  ['a boolean', true],
  ['an array', ['a', 1, null]],
  ['an object', { $ne: null }],
  ['a nested object', { a: { b: { c: [1, { d: 'e' }] } } }],
  ['a 100k-character string', 'y'.repeat(100_000)],
  ['an empty string', ''],
  ['a NUL byte', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['a bad date', '2026-13-45'],
  ['an exponent', '1e5'],
];
const BAD_DATES: unknown[] = ['2026-13-45', '2026-02-30', '2026-00-10', 'tomorrow', '20260101', '2026-1-1', '+275760-09-13', 12345, true, [], {}];

describe.each(backends)('bad input on the requests, payments and mediators endpoints never causes a 5xx on %s', (backend) => {
  const { raw, send } = useBadInputApp(backend);

  describe('POST /api/requests', () => {
    it('survives every field set to every bad value (optional fields may take null/"")', async () => {
      const fields = [
        ...Object.keys(validRequest()),
        'courtInfo',
        'trialDate',
        'preferredDate',
        'estimatedDuration',
        'flatFee',
        'mediationBriefUrl',
        'caseFilesUrls',
        'opposingLawyerBarNumber',
      ];
      for (const field of fields) {
        for (const [what, value] of BAD_VALUES) {
          expectClientError(await send('POST', '/api/requests', 'lawyer', validRequest({ [field]: value })), `${field} = ${what}`, true);
        }
      }
    });

    it('refuses whole bodies of the wrong type, a NUL anywhere and a body over 1 MB', async () => {
      for (const body of [...BAD_BODIES, 'null', '', '{}']) expectClientError(await raw('POST', '/api/requests', 'lawyer', body), `body ${body.slice(0, 40)}`);
      expectClientError(await raw('POST', '/api/requests', 'lawyer'), 'no body');
      const nul = await send('POST', '/api/requests', 'lawyer', validRequest({ caseFilesUrls: ['ok', 'b\u0000'] }));
      expect(nul.statusCode).toBe(400);
      expect(nul.json().message).toBe('Text must not contain NUL characters');
      expect((await send('POST', '/api/requests', 'lawyer', validRequest({ description: BIG }))).statusCode).toBe(413);
      expectClientError(await send('POST', '/api/requests', 'mediator', validRequest()), 'a mediator creating');
    });

    it('refuses bad money on budget, hourlyRate and flatFee with a field error', async () => {
      for (const value of BAD_MONEY) {
        const what = JSON.stringify(value);
        expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ budget: value })), 'budget', `budget=${what}`);
        expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ hourlyRate: value })), 'hourlyRate', `hourlyRate=${what}`);
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ pricingModel: 'flat', flatFee: value, hourlyRate: null, hoursNeeded: null })),
          'flatFee',
          `flatFee=${what}`,
        );
      }
      for (const hours of [0, 3, -4, 4.5, '4h', 'NaN', 1e9, true, [], {}]) {
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ hoursNeeded: hours })),
          'hoursNeeded',
          `hoursNeeded=${JSON.stringify(hours)}`,
        );
      }
      for (const duration of [0, -1, 1.5, 201, 'abc', [], {}]) {
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ estimatedDuration: duration })),
          'estimatedDuration',
          `estimatedDuration=${JSON.stringify(duration)}`,
        );
      }
    });

    it('refuses bad dates, enums and lists with a field error', async () => {
      for (const value of BAD_DATES) {
        for (const field of ['trialDate', 'preferredDate'])
          expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ [field]: value })), field, `${field}=${JSON.stringify(value)}`);
      }
      for (const value of ['', 'zoom', 'ONLINE', 1, null, ['online'], {}])
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ mediationType: value })),
          'mediationType',
          `mediationType=${JSON.stringify(value)}`,
        );
      for (const value of ['', 'free', 1, ['hourly']])
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ pricingModel: value })),
          'pricingModel',
          `pricingModel=${JSON.stringify(value)}`,
        );
      for (const value of ['a.pdf', 1, { a: 1 }, [1], [''], ['x'.repeat(301)], Array.from({ length: 500 }, (_, i) => `f${i}`)]) {
        expectClientError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ caseFilesUrls: value })),
          `caseFilesUrls=${JSON.stringify(value).slice(0, 40)}`,
        );
      }
      for (const value of [1, ['a'], { a: 1 }, 'x'.repeat(301)])
        expectClientError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ mediationBriefUrl: value })),
          `mediationBriefUrl=${JSON.stringify(value).slice(0, 40)}`,
        );
    });

    it("answers the spec's texts for missing or wrong required fields", async () => {
      const required: [string, string][] = [
        ['caseNumber', REQUEST_TEXTS.caseNumber],
        ['caseName', REQUEST_TEXTS.caseName],
        ['caseType', REQUEST_TEXTS.caseType],
        ['jurisdiction', REQUEST_TEXTS.jurisdiction],
        ['description', REQUEST_TEXTS.description],
        ['mediationType', REQUEST_TEXTS.mediationType],
        ['budget', REQUEST_TEXTS.budget],
        ['hourlyRate', REQUEST_TEXTS.hourlyRate],
        ['hoursNeeded', REQUEST_TEXTS.hoursNeeded],
      ];
      for (const [field, text] of required) {
        const body = validRequest();
        delete (body as Record<string, unknown>)[field];
        expectFieldError(await send('POST', '/api/requests', 'lawyer', body), field, `missing ${field}`, text);
        if (field !== 'mediationType' && field !== 'hourlyRate' && field !== 'hoursNeeded') {
          expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ [field]: '   ' })), field, `blank ${field}`, text);
        }
        if (field.startsWith('case') || field === 'jurisdiction')
          expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ [field]: 7 })), field, `numeric ${field}`, text);
      }
      expectFieldError(
        await send('POST', '/api/requests', 'lawyer', validRequest({ description: 'too short' })),
        'description',
        'short description',
        REQUEST_TEXTS.description,
      );
      expectFieldError(
        await send('POST', '/api/requests', 'lawyer', validRequest({ pricingModel: 'flat', hourlyRate: null, hoursNeeded: null })),
        'flatFee',
        'flat without fee',
        REQUEST_TEXTS.flatFee,
      );
      for (const email of ['not-an-email', 'a@', '@b.co', 'a b@c.co']) {
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ opposingLawyerEmail: email })),
          'opposingLawyerEmail',
          email,
          REQUEST_TEXTS.email,
        );
      }
    });

    it('survives random JSON in any field or as the whole body (fast-check, fixed seed)', async () => {
      const fields = [
        ...Object.keys(validRequest()),
        'trialDate',
        'preferredDate',
        'estimatedDuration',
        'flatFee',
        'caseFilesUrls',
        'mediationBriefUrl',
        'extra',
      ];
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...fields), fc.boolean(), async (value, field, whole) => {
          const body = whole ? value : validRequest({ [field]: value });
          expectClientError(
            await send('POST', '/api/requests', 'lawyer', body),
            `${whole ? 'body' : field} = ${JSON.stringify(value).slice(0, 80)}`,
            !whole || (typeof value === 'object' && value !== null && !Array.isArray(value)),
          );
        }),
        { seed: 20260302, numRuns: 60 },
      );
    });
  });
});
