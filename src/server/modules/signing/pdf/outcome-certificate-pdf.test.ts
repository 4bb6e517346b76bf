import { describe, expect, it } from 'vitest';
import { OUTCOME_LABELS } from '../../../../common/domain/signing';
import { renderOutcomeCertificate } from './outcome-certificate-pdf';
import { pdfText } from './poppler.fixture';

const CERTIFICATE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('the outcome certificate', () => {
  it('states who took part, the date and the outcome, under the case caption, for the mediator to sign', async () => {
    const text = pdfText(
      await renderOutcomeCertificate({
        certificateId: CERTIFICATE_ID,
        caseName: 'Lane v. Orchard Homes',
        caseNumber: 'MH-2026-0007',
        mediator: 'Hon. Priya Raman (Ret.)',
        participants: [
          { name: 'Ruth Lane', role: 'Counsel, requesting side' },
          { name: 'Omar Haddad', role: 'Party, responding side' },
        ],
        outcomeLabel: OUTCOME_LABELS.settled_partial,
        outcomeDate: '2026-11-28',
        issuedAt: new Date('2026-12-01T09:30:00Z'),
      }),
    );
    expect(text).toContain('Certificate of mediation outcome');
    expect(text).toContain('Lane v. Orchard Homes');
    expect(text).toContain('Case No. MH-2026-0007');
    expect(text).toContain('held on November 28, 2026');
    expect(text).toContain('Ruth Lane, Counsel, requesting side');
    expect(text).toContain('Omar Haddad, Party, responding side');
    expect(text).toContain('Outcome: Settled in part');
    expect(text).toContain('Model Standards of Conduct for Mediators (Standard V');
    expect(text).toMatch(/Hon\. Priya Raman \(Ret\.\)\s+Mediator/);
    expect(text).toContain('Date of issue: December 1, 2026');
    expect(text).toContain(`Certificate ID: ${CERTIFICATE_ID}`);
  });
});
