import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { pooledSmtpUrl, SmtpMailer } from './smtp-mailer';

// What the SMTP mailer hands to nodemailer, and the message nodemailer builds of it (decision 060): the plain text and
// the HTML as alternatives, our header fields, and for an invite the text/calendar part beside them with the .ics.

interface Captured {
  data: Record<string, unknown>;
  raw: string;
}

/** A nodemailer transport (its plugin interface) that builds each message and keeps it instead of sending it. */
function capturingMailer() {
  const captured: Captured[] = [];
  const transport = {
    name: 'capture',
    version: '1',
    send(
      mail: { data: Record<string, unknown>; message: { build(done: (error: Error | null, raw: Buffer) => void): void } },
      done: (e: Error | null, info: unknown) => void,
    ) {
      mail.message.build((error, raw) => {
        if (error) return done(error, undefined);
        captured.push({ data: mail.data, raw: raw.toString('utf8') });
        done(null, { messageId: 'captured' });
      });
    },
  };
  return { mailer: new SmtpMailer(transport, 'MediateHub <no-reply@mediate.example>'), captured };
}

/** A quoted-printable body made readable (soft line breaks joined, =XX decoded). */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const ONE_CLICK = 'https://mediate.example/api/email/unsubscribe/one-click?token=dXNlcjpuZXdfcmVxdWVzdA.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmUtMDEyMzQ1Ng';
const HTML = '<!DOCTYPE html><html><body><a href="https://mediate.example/requests/1">See the request</a></body></html>';

describe('SmtpMailer', () => {
  it('sends the text and the HTML as alternatives, with the List-Unsubscribe header fields as given', async () => {
    const { mailer, captured } = capturingMailer();
    await mailer.send({
      to: 'ada@example.com',
      subject: 'New matching mediation request',
      text: 'Hi Ada,\n\nhttps://mediate.example/requests/1',
      html: HTML,
      headers: { 'List-Unsubscribe': `<${ONE_CLICK}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const [{ data, raw }] = captured;
    expect(data).toMatchObject({ to: 'ada@example.com', text: 'Hi Ada,\n\nhttps://mediate.example/requests/1', html: HTML });
    // Not folded: the URL stays whole, on the line of its name.
    expect(raw).toMatch(new RegExp(`(^|\r\n)List-Unsubscribe: <${ONE_CLICK.replace(/[.?]/g, '\\$&')}>\r\n`));
    expect(raw).toMatch(/(^|\r\n)List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative;/);
    const textAt = raw.indexOf('Content-Type: text/plain; charset=utf-8');
    const htmlAt = raw.indexOf('Content-Type: text/html; charset=utf-8');
    expect(textAt).toBeGreaterThan(0);
    expect(htmlAt).toBeGreaterThan(textAt); // clients show the last alternative they can: the HTML
    expect(decodeQuotedPrintable(raw)).toContain(HTML);
    expect(raw).not.toMatch(/text\/calendar|multipart\/mixed/);
  });

  it('a mail without HTML or headers (queued before the layout) is sent as plain text alone', async () => {
    const { mailer, captured } = capturingMailer();
    await mailer.send({ to: 'ada@example.com', subject: 'Reset your password', text: 'https://mediate.example/reset-password?token=x' });
    const [{ data, raw }] = captured;
    expect(data).not.toHaveProperty('html');
    expect(data.headers ?? {}).toEqual({});
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).not.toMatch(/multipart|List-Unsubscribe/);
  });

  it('an invite keeps its calendar: text, HTML and text/calendar with its METHOD as alternatives, and the .ics attached', async () => {
    const { mailer, captured } = capturingMailer();
    const ics = ['BEGIN:VCALENDAR', 'METHOD:REQUEST', 'BEGIN:VEVENT', 'UID:session-1@mediatehub', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Mediation session',
      text: 'The session is on Tuesday.',
      html: HTML,
      calendar: { method: 'REQUEST', filename: 'invite.ics', content: ics },
    });
    const [{ data, raw }] = captured;
    expect(data.icalEvent).toEqual({ method: 'REQUEST', filename: 'invite.ics', content: ics });
    expect(raw).toMatch(/Content-Type: multipart\/mixed;/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative;/);
    const positions = ['text/plain', 'text/html', 'text/calendar; charset=utf-8; method=REQUEST'].map((type) => raw.indexOf(`Content-Type: ${type}`));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(raw).toMatch(/Content-Type: application\/ics; name=invite\.ics\r\nContent-Disposition: attachment; filename=invite\.ics/);
    expect(raw).not.toContain('List-Unsubscribe');
  });
});

describe('SMTP connections', () => {
  it('pools connections unless the URL says otherwise, keeping the rest of the URL', () => {
    const cases: [string, string][] = [
      ['smtp://127.0.0.1:2525', 'smtp://127.0.0.1:2525?pool=true'],
      ['smtps://user:secret@smtp.example.com:465', 'smtps://user:secret@smtp.example.com:465?pool=true'],
      ['smtp://mail.example.com:587?pool=false', 'smtp://mail.example.com:587?pool=false'],
      ['smtp://mail.example.com:587?maxConnections=2', 'smtp://mail.example.com:587?maxConnections=2&pool=true'],
    ];
    for (const [url, pooled] of cases) expect(pooledSmtpUrl(url), url).toBe(pooled);
  });

  it('sends several mails to an SMTP server over one connection', async () => {
    let connections = 0;
    let delivered = 0;
    const server = net.createServer((socket) => {
      connections++;
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (data) {
            if (line === '.') {
              data = false;
              delivered++;
              socket.write('250 OK\r\n');
            }
            continue;
          }
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO') socket.write('250-test\r\n250 8BITMIME\r\n');
          else if (command === 'DATA') {
            data = true;
            socket.write('354 go on\r\n');
          } else if (command === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 OK\r\n');
        }
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'MediateHub <no-reply@mediate.example>');
    try {
      for (let i = 0; i < 5; i++) await mailer.send({ to: `user${i}@example.com`, subject: `Mail ${i}`, text: 'Hello' });
      expect(delivered).toBe(5);
      expect(connections).toBe(1);
    } finally {
      mailer.close();
      server.close();
    }
  });
});
