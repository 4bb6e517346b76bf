import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { budgetProblem, splitBudget } from '../../../common/domain/fees';
import { suggestedBudget } from '../../../common/domain/pricing';
import { REFUND_POLICY } from '../../../common/domain/refunds';
import { DEFAULT_SETTINGS, FILE_LIMITS } from '../../../common/constants';
import { displayCents, formatCents, parseCents } from '../../../common/money';
import type { CreateRequest, CreateRequestInput } from '../../../common/schemas/requests';
import { BackLink } from '../../components/back-link';
import { lazyDialog } from '../../components/lazy-parts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toastError } from '../../components/ui/use-toast';
import { useCreateRequest } from '../../features/requests/api';
import { DocumentPicker } from '../../features/requests/document-picker';
import { CaseInformation, MediationDetails, OpposingCounsel, PricingStructure, Section } from '../../features/requests/request-form-sections';
import { usePublicSettings } from '../../features/settings/public-settings';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePreloadWhenIdle } from '../../lib/when-idle';
import { displayMoney } from '../../lib/format';
import { uploadFile } from '../../lib/upload';
import { usePageTitle } from '../../lib/use-page-title';

// Shown once the request is created: the payment's code (the dialog, the card form) loads then.
const DepositPaymentDialog = lazyDialog(() => import('./deposit-payment-dialog').then((m) => m.DepositPaymentDialog));
const requestSchema = () => import('../../../common/schemas/requests').then((m) => m.CreateRequestSchema);
const validation = lazyZodResolver(requestSchema);

export function NewRequestPage() {
  usePageTitle('Create Mediation Request');
  const { data: settings } = usePublicSettings();
  const terms = {
    commissionPercentage: settings?.commissionPercentage ?? DEFAULT_SETTINGS.commissionPercentage,
    minimumPlatformFee: settings?.minimumPlatformFee ?? DEFAULT_SETTINGS.minimumPlatformFee,
    defaultDeposit: settings?.defaultDeposit ?? DEFAULT_SETTINGS.defaultDeposit,
  };
  const create = useCreateRequest();
  usePreloadWhenIdle(validation.preload);
  const form = useForm<CreateRequestInput, unknown, CreateRequest>({
    resolver: validation.resolver,
    defaultValues: {
      caseNumber: '',
      caseName: '',
      caseType: '',
      jurisdiction: '',
      description: '',
      mediationType: 'in-person',
      pricingModel: 'hourly',
      hourlyRate: '350',
      hoursNeeded: '2',
      budget: '700.00',
      caseFilesUrls: [],
    },
  });
  const [brief, setBrief] = useState<File[]>([]);
  const [caseFiles, setCaseFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<{ brief: string | null; caseFiles: string | null }>({ brief: null, caseFiles: null });
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'creating'>('idle');
  const [created, setCreated] = useState<{ id: string; deposit: string } | null>(null);

  // The budget follows the pricing fields (RULES.md 1); the lawyer may still change it.
  const [model, rate, hours, flat] = useWatch({ control: form.control, name: ['pricingModel', 'hourlyRate', 'hoursNeeded', 'flatFee'] });
  useEffect(() => {
    const cents = suggestedBudget({
      pricingModel: model ?? 'hourly',
      hourlyRate: rate as string,
      hoursNeeded: hours as string,
      flatFee: (flat as string) ?? null,
    });
    if (cents !== null) form.setValue('budget', formatCents(cents));
  }, [model, rate, hours, flat, form]);

  const budget = useWatch({ control: form.control, name: 'budget' });
  const budgetCents = parseCents(budget ?? '');
  const problem = budgetCents !== null ? budgetProblem(budgetCents, terms) : null;
  const feeLine =
    budgetCents !== null && !problem
      ? `Platform fee ${displayCents(splitBudget(budgetCents, terms).platformFee)} · mediator receives ${displayCents(splitBudget(budgetCents, terms).mediatorPayout)}`
      : (problem ?? 'The total you will pay, deposit included.');

  const onSubmit = form.handleSubmit(async (values) => {
    if (problem) return form.setError('budget', { message: problem });
    let stage: 'uploading' | 'creating' = 'uploading';
    try {
      setPhase('uploading');
      const track = (file: File) => (p: number) => setProgress((prev) => ({ ...prev, [file.name]: p }));
      const briefPath = brief[0] ? await uploadFile(brief[0], 'brief', track(brief[0])) : null;
      const casePaths: string[] = [];
      for (const file of caseFiles) casePaths.push(await uploadFile(file, 'case_file', track(file)));
      stage = 'creating';
      setPhase('creating');
      const request = await create.mutateAsync({ ...values, mediationBriefUrl: briefPath, caseFilesUrls: casePaths });
      setCreated({ id: request.id, deposit: request.depositAmount ?? terms.defaultDeposit });
    } catch (error) {
      if (stage === 'uploading') toastError('Error uploading files', error);
      else {
        // The schema is loaded by now: the submit's validation used it.
        applyServerErrors(error, form.setError, Object.keys((await requestSchema()).in.shape));
        toastError('Error', error);
      }
    } finally {
      setPhase('idle');
      setProgress({});
    }
  });

  const deposit = displayMoney(terms.defaultDeposit);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <BackLink to="/requests" label="Back to Requests" />
        <h1 className="font-serif text-3xl font-semibold">Create Mediation Request</h1>
        <p className="mt-1 text-muted-foreground">Describe your case; matching mediators are notified as soon as the deposit is paid.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CaseInformation form={form} />
        <OpposingCounsel form={form} />
        <MediationDetails form={form} />
        <PricingStructure
          form={form}
          feeLine={feeLine}
          onModelChange={(next) => {
            // Choosing hourly clears the flat fee; choosing flat clears rate and hours (spec 4).
            if (next === 'hourly') form.setValue('flatFee', null);
            else {
              form.setValue('hourlyRate', null);
              form.setValue('hoursNeeded', null);
            }
          }}
        />
        <Section title="Documents (optional)" description="Visible only to you and, once selected, your mediator.">
          <DocumentPicker
            label="Mediation brief"
            maxFiles={FILE_LIMITS.briefMaxFiles}
            files={brief}
            progress={progress}
            error={fileErrors.brief}
            onChange={(files, error) => {
              setBrief(files);
              setFileErrors((f) => ({ ...f, brief: error }));
            }}
          />
          <DocumentPicker
            label="Case files"
            maxFiles={FILE_LIMITS.caseFilesMaxFiles}
            files={caseFiles}
            progress={progress}
            error={fileErrors.caseFiles}
            onChange={(files, error) => {
              setCaseFiles(files);
              setFileErrors((f) => ({ ...f, caseFiles: error }));
            }}
          />
        </Section>
        <Alert tone="info">
          <ShieldCheck aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">Payment information</p>
            <p>
              A {deposit} deposit is charged when you submit and held securely until the mediation completes. The rest of the budget is charged when you select
              a mediator. {REFUND_POLICY.summary}
            </p>
          </div>
        </Alert>
        <Button type="submit" size="lg" disabled={phase !== 'idle'}>
          {phase === 'uploading' ? 'Uploading files...' : phase === 'creating' ? 'Creating...' : 'Continue to Payment'}
        </Button>
      </form>
      {created ? (
        <DepositPaymentDialog requestId={created.id} deposit={created.deposit} open={!!created} onOpenChange={(open) => !open && setCreated(null)} />
      ) : null}
    </div>
  );
}
