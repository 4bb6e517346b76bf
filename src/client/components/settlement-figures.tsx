import type { SettlementDto } from '../../common/api-types';
import { parseCents } from '../../common/money';
import { displayMoney } from '../lib/format';

/**
 * Who reads the figures: each reads them in their own words (issue 21, docs/decisions/037). `sides` is a two-sided
 * case's counsel reading the case's figures, both sides' money together, which is not "your card" (decision 049).
 */
export type SettlementReader = 'lawyer' | 'mediator' | 'admin' | 'sides';

type Figure = 'charged' | 'refunded' | 'platformFeeKept' | 'paidToMediator' | 'held';

const WORDS: Record<SettlementReader, Record<Figure, string>> = {
  lawyer: {
    charged: 'Charged to your card',
    refunded: 'Refunded to your card',
    platformFeeKept: 'Platform fee',
    paidToMediator: 'Paid to the mediator',
    held: 'Still held',
  },
  mediator: {
    charged: "Charged to the lawyer's card",
    refunded: 'Refunded to the lawyer',
    platformFeeKept: 'Platform fee',
    paidToMediator: 'Paid to you',
    held: 'Still held',
  },
  sides: {
    charged: 'Charged to both sides',
    refunded: 'Refunded to both sides',
    platformFeeKept: 'Platform fee',
    paidToMediator: 'Paid to the mediator',
    held: 'Still held',
  },
  admin: {
    charged: "Charged to the lawyer's card",
    refunded: 'Refunded to the lawyer',
    platformFeeKept: 'Platform fee kept',
    paidToMediator: 'Paid to the mediator',
    held: 'Still held',
  },
};

const PARTS: Figure[] = ['refunded', 'platformFeeKept', 'paidToMediator', 'held'];
const cents = (amount: string) => parseCents(amount) ?? 0;

export interface SettlementLine {
  figure: Figure;
  term: string;
  amount: string;
}

/**
 * The lines a reader sees: what was charged, then where it went (refunded, kept, paid, still held), each part only
 * when it is not zero; what is held is always shown while the plan stands, since that is where the money is.
 */
export function settlementLines(settlement: SettlementDto, reader: SettlementReader): SettlementLine[] {
  const words = WORDS[reader];
  const parts = PARTS.filter((figure) => cents(settlement[figure]) !== 0 || (figure === 'held' && settlement.planned && cents(settlement.charged) > 0));
  return (['charged', ...parts] as Figure[]).map((figure) => ({ figure, term: words[figure], amount: settlement[figure] }));
}

/** The sum in one sentence, so a reader sees the figures add up: "$1,200 charged = $400 refunded + …". */
export function settlementSentence(settlement: SettlementDto, reader: SettlementReader): string | null {
  // While the plan stands everything charged is simply held: the plan's own line says what comes next.
  if (settlement.planned) return null;
  const [charged, ...parts] = settlementLines(settlement, reader);
  if (!parts.length) return null;
  const lower = (term: string) => term.charAt(0).toLowerCase() + term.slice(1);
  return `${displayMoney(charged.amount)} charged = ${parts.map((p) => `${displayMoney(p.amount)} ${lower(p.term)}`).join(' + ')}.`;
}

/** While the plan stands: the fee and payout it plans, said as a plan. */
export function plannedText(settlement: SettlementDto, reader: SettlementReader): string | null {
  const { planned } = settlement;
  if (!planned) return null;
  if (reader === 'mediator')
    return `Planned: your payout of ${displayMoney(planned.mediatorPayout)}, after the ${displayMoney(planned.platformFee)} platform fee.`;
  return `Planned at completion: ${displayMoney(planned.mediatorPayout)} to the mediator and a ${displayMoney(planned.platformFee)} platform fee.`;
}

/**
 * A payment's figures as a small statement: what was charged and where every cent of it went, in the reader's words,
 * the same figures on the request page, the receipt, the earnings and the admins' payments (docs/decisions/037).
 */
export function SettlementFigures({ settlement, reader, className }: { settlement: SettlementDto; reader: SettlementReader; className?: string }) {
  if (cents(settlement.charged) === 0) {
    const plan = plannedText(settlement, reader);
    return (
      <div className={className} data-settlement>
        <p className="text-sm text-muted-foreground">Nothing has been charged{settlement.planned ? ' yet' : ''}.</p>
        {plan ? <p className="mt-1 text-sm text-muted-foreground">{plan}</p> : null}
      </div>
    );
  }
  const [charged, ...parts] = settlementLines(settlement, reader);
  const sentence = settlementSentence(settlement, reader);
  const plan = plannedText(settlement, reader);
  return (
    <div className={className} data-settlement>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
        <dt className="font-medium">{charged.term}</dt>
        <dd className="text-right font-medium tabular-nums" data-figure={charged.figure}>
          {displayMoney(charged.amount)}
        </dd>
        {parts.map((line) => (
          <div key={line.figure} className="contents">
            <dt className="pl-3 text-muted-foreground">{line.term}</dt>
            <dd className="text-right tabular-nums" data-figure={line.figure}>
              {displayMoney(line.amount)}
            </dd>
          </div>
        ))}
      </dl>
      {sentence ? <p className="mt-2 text-xs text-muted-foreground">{sentence}</p> : null}
      {plan ? <p className="mt-1 text-xs text-muted-foreground">{plan}</p> : null}
    </div>
  );
}
