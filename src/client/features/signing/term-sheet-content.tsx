import { termSheetSections } from '../../../common/domain/signing';
import type { TermSheetContent } from '../../../common/schemas/signing';

/** A version's terms as the PDF has them: numbered sections, one line per party, payment or paragraph. */
export function TermSheetContentView({ content }: { content: TermSheetContent }) {
  return (
    <div className="grid gap-4" data-testid="term-sheet-content">
      {termSheetSections(content).map((section) => (
        <section key={section.key} className="grid gap-1" aria-label={section.heading}>
          <h4 className="text-sm font-semibold">{section.heading}</h4>
          <ul className="grid gap-1 text-sm">
            {section.lines.map((line, i) => (
              <li key={`${i}-${line}`} className="wrap-anywhere whitespace-pre-line">
                {line}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
