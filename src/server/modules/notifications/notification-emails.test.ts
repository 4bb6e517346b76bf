import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EMAIL_KINDS } from '../../../common/schemas/email-preferences';
import { readUnsubscribeToken } from '../email-preferences/unsubscribe-token';
import { buildNotificationEmail } from './notification-emails';

// Every notification e-mail: text and HTML from the same template, and the List-Unsubscribe header fields whose URL
// turns that kind off for that user in one click (RFC 8058, decision 060).

const app = { publicUrl: 'https://mediate.example', secret: 'notification-emails-test-secret-0123456789' };
const to = { id: '5d0f5d0f-1111-4111-8111-111111111111', email: 'ada@example.com', firstName: '<b>Ada</b>' };
const REQUEST = '/requests/5f0c2a9e-0000-4000-8000-000000000001';

describe('buildNotificationEmail', () => {
  it.each(NOTIFICATION_EMAIL_KINDS.map((kind) => [kind]))('%s carries List-Unsubscribe (one click) and its HTML', (kind) => {
    const mail = buildNotificationEmail(app, null, { kind, to, caseName: 'Smith & "Jones"', linkUrl: REQUEST });
    expect(Object.keys(mail.headers!)).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = mail.headers!['List-Unsubscribe'].match(/^<(https:\/\/mediate\.example\/api\/email\/unsubscribe\/one-click\?token=([\w.-]+))>$/);
    expect(url, mail.headers!['List-Unsubscribe']).not.toBeNull();
    expect(readUnsubscribeToken(app.secret, url![2])).toEqual({ userId: to.id, kind });

    expect(mail.text).toContain(`https://mediate.example${REQUEST}`);
    expect(mail.html).toContain(`href="https://mediate.example${REQUEST}" target="_blank" class="mh-button"`);
    expect(mail.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ada');
    // The link in the footer is the one that leads to the confirmation page; the header's is the one-click URL.
    expect(mail.html).toContain('href="https://mediate.example/api/email/unsubscribe?token=');
  });
});
