import { describe, expect, it } from 'vitest';
import { attachmentDisposition, FILE_NAME_MAX, safeFileName } from './file-rules';

// Issue 11 family 8 (b): upload names are normalised, never trusted (docs/reliability.md).
describe('file names', () => {
  const asPdf: [string | undefined, string][] = [
    ['../../etc/passwd', 'passwd.pdf'],
    ['..\\..\\windows\\system32\\cmd.exe', 'cmd_exe.pdf'],
    ['C:\\fakepath\\brief.pdf', 'brief.pdf'],
    ['x.exe', 'x_exe.pdf'],
    ['invoice.pdf.exe', 'invoice.pdf_exe.pdf'],
    ['<script>alert(1)</script>', 'alert(1).pdf'],
    ['<img src=x onerror=alert(1)>.pdf', 'file.pdf'],
    ['"><svg onload=alert(1)>brief.pdf', 'brief.pdf'],
    ['a\u202Egpj.exe', 'agpj_exe.pdf'],
    ['tab\tand\nnew\u0000line.pdf', 'tab and newline.pdf'],
    ['Brief (final) – Smith & Jones.PDF', 'Brief (final) – Smith & Jones.PDF'],
    ['Smith v. Jones', 'Smith v. Jones.pdf'],
    ['report', 'report.pdf'],
    ['.htaccess', '_htaccess.pdf'],
    ['...', 'file.pdf'],
    ['', 'file.pdf'],
    [undefined, 'file.pdf'],
    ['a"b;c|d?.pdf', 'ab;cd.pdf'],
    ['re\u0301sume\u0301.pdf', 'résumé.pdf'],
  ];
  it.each(asPdf)('%j kept as a PDF is %j', (raw, expected) => {
    expect(safeFileName(raw, 'pdf')).toBe(expected);
  });

  it('every normalised name is a plain last segment with its type’s extension, bounded in length', () => {
    const hostile = [...asPdf.map(([raw]) => raw), 'x'.repeat(500) + '.pdf', '𝒳'.repeat(300), `${'a'.repeat(200)}.exe`];
    for (const raw of hostile) {
      const name = safeFileName(raw, 'pdf');
      expect(name, String(raw)).toMatch(/\.pdf$/i);
      expect([...name].length).toBeLessThanOrEqual(FILE_NAME_MAX);
      expect(name).not.toMatch(/[\\/<>:"|?*`\p{C}]/u);
      expect(name.startsWith('.')).toBe(false);
    }
    expect(safeFileName('x'.repeat(500) + '.pdf', 'pdf')).toBe('x'.repeat(FILE_NAME_MAX - 4) + '.pdf');
  });

  it('images get the extension of what they really are; before the type is known the name only loses what is unsafe', () => {
    expect(safeFileName('me.JPEG', 'jpeg')).toBe('me.JPEG');
    expect(safeFileName('me.jpg', 'jpeg')).toBe('me.jpg');
    expect(safeFileName('me.png', 'jpeg')).toBe('me_png.jpg');
    expect(safeFileName('photo.svg', 'png')).toBe('photo_svg.png');
    expect(safeFileName('notes.exe', null)).toBe('notes.exe');
    expect(safeFileName('../<b>x</b>.png', null)).toBe('x.png');
  });

  it('downloads are attachments with an ASCII filename and the exact name in filename*', () => {
    expect(attachmentDisposition('résumé (v2).pdf')).toBe(`attachment; filename="r_sum_ (v2).pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28v2%29.pdf`);
    expect(attachmentDisposition('100% "final".pdf')).toBe(`attachment; filename="100_ _final_.pdf"; filename*=UTF-8''100%25%20%22final%22.pdf`);
  });
});
