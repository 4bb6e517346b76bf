import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_BODY_MAX_LENGTH,
  EMAIL_KIND_INFO,
  emailTemplateProblems,
  previewEmail,
  type EmailKind,
  type EmailTemplate,
} from '../../../common/email-templates';
import type { EmailTemplateSetting } from '../../../common/schemas/admin-settings';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { useAdminSettings, useUpdateSettings } from './api';

const EmailHtmlPreview = lazy(() => import('./email-html-preview').then((m) => ({ default: m.EmailHtmlPreview })));

type Field = keyof EmailTemplate;
type Drafts = Partial<Record<EmailKind, EmailTemplate>>;
/** Problems keyed `${kind}.${field}`, as the server's fieldErrors name them after `emailTemplates.`. */
type Errors = Record<string, string>;

const SUCCESS_TITLE = 'Settings updated successfully';
const FAILURE_TITLE = 'Failed to update settings';

const draftsOf = (templates: EmailTemplateSetting[]): Drafts => Object.fromEntries(templates.map((t) => [t.kind, { subject: t.subject, body: t.body }]));
const differs = (a: EmailTemplate | undefined, b: EmailTemplate) => !!a && (a.subject !== b.subject || a.body !== b.body);
const braces = (name: string) => `{{${name}}}`;
/** How the plain text fills the HTML layout (src/common/email-layout-message.ts). */
const BODY_FORMAT = 'Plain text: blank lines separate paragraphs, {{link}} alone on a line becomes the button, a line “--” starts the footer.';

/** The server's field errors for the templates, keyed without the `emailTemplates.` prefix. */
function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors)
      .filter(([key]) => key.startsWith('emailTemplates.'))
      .map(([key, message]) => [key.slice('emailTemplates.'.length), message]),
  );
}

/** The first kind, in the list's order, that has a problem. */
const firstKindWithError = (templates: EmailTemplateSetting[], errors: Errors) =>
  templates.find((t) => Object.keys(errors).some((k) => k.split('.')[0] === t.kind))?.kind;

function ResetDialog({
  label,
  saved,
  pending,
  onConfirm,
  onCancel,
}: {
  label: string;
  saved: boolean;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset “{label}” to the default text?</DialogTitle>
          <DialogDescription>
            {saved
              ? 'The standard subject and body replace your text, and the next e-mails of this kind use them.'
              : 'Your unsaved edits of this e-mail are discarded.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? 'Resetting...' : 'Reset to default'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function TemplatesEditor({ templates }: { templates: EmailTemplateSetting[] }) {
  const update = useUpdateSettings();
  const [kind, setKind] = useState<EmailKind>(templates[0].kind);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(templates));
  // Texts read afresh (a refetch, another admin's save) replace the drafts the admin has not edited; edits stay.
  const [shown, setShown] = useState(templates);
  if (shown !== templates) {
    setShown(templates);
    setDrafts((d) => ({
      ...d,
      ...draftsOf(
        templates.filter((t) => {
          const before = shown.find((s) => s.kind === t.kind);
          return !before || !differs(d[t.kind], before);
        }),
      ),
    }));
  }
  const [errors, setErrors] = useState<Errors>({});
  const [confirmingReset, setConfirmingReset] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // The field the admin was last in; until then a placeholder goes at the end of the body.
  const lastField = useRef<Field | null>(null);
  const pendingCursor = useRef<{ field: Field; at: number } | null>(null);

  const saved = templates.find((t) => t.kind === kind)!;
  const draft = drafts[kind] ?? saved;
  const info = EMAIL_KIND_INFO[kind];
  const dirtyKinds = templates.filter((t) => differs(drafts[t.kind], t)).map((t) => t.kind);
  const dirty = dirtyKinds.includes(kind);
  const preview = useMemo(() => previewEmail(kind, draft, window.location.origin), [kind, draft]);

  // After a placeholder is inserted, the cursor goes back into the field, just after it.
  useLayoutEffect(() => {
    const cursor = pendingCursor.current;
    if (!cursor) return;
    pendingCursor.current = null;
    const element = cursor.field === 'subject' ? subjectRef.current : bodyRef.current;
    element?.focus();
    element?.setSelectionRange(cursor.at, cursor.at);
  }, [drafts]);

  const edit = (field: Field, value: string) => {
    setDrafts((d) => ({ ...d, [kind]: { ...(d[kind] ?? saved), [field]: value } }));
    setErrors(({ [`${kind}.${field}`]: _, ...rest }) => rest);
  };

  const insert = (name: string) => {
    const field = lastField.current ?? 'body';
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const text = draft[field];
    const start = lastField.current ? (element?.selectionStart ?? text.length) : text.length;
    const end = lastField.current ? (element?.selectionEnd ?? start) : start;
    const token = braces(name);
    pendingCursor.current = { field, at: start + token.length };
    edit(field, text.slice(0, start) + token + text.slice(end));
  };

  const save = async () => {
    const problems: Errors = {};
    for (const k of dirtyKinds) {
      for (const [field, message] of Object.entries(emailTemplateProblems(k, drafts[k]!))) problems[`${k}.${field}`] = message;
    }
    if (Object.keys(problems).length) {
      setErrors(problems);
      setKind(firstKindWithError(templates, problems) ?? kind);
      return;
    }
    try {
      const updated = await update.mutateAsync({ emailTemplates: Object.fromEntries(dirtyKinds.map((k) => [k, drafts[k]])) });
      setDrafts((d) => ({ ...d, ...draftsOf(updated.emailTemplates.filter((t) => dirtyKinds.includes(t.kind))) }));
      setErrors({});
      toast({ title: SUCCESS_TITLE, description: 'New e-mails use the saved templates.' });
    } catch (error) {
      const fromServer = serverErrors(error);
      setErrors(fromServer);
      setKind(firstKindWithError(templates, fromServer) ?? kind);
      toastError(FAILURE_TITLE, error);
    }
  };

  const reset = async () => {
    const clear = () => {
      setDrafts((d) => ({ ...d, [kind]: DEFAULT_EMAIL_TEMPLATES[kind] }));
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => key.split('.')[0] !== kind)));
      setConfirmingReset(false);
    };
    if (saved.isDefault) return clear();
    try {
      await update.mutateAsync({ emailTemplates: { [kind]: null } });
      clear();
      toast({ title: SUCCESS_TITLE, description: `“${info.label}” uses the default text again.` });
    } catch (error) {
      setConfirmingReset(false);
      toastError(FAILURE_TITLE, error);
    }
  };

  const required = info.required.map(braces).join(' and ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email templates</CardTitle>
        <CardDescription>The subject and body of each e-mail the platform sends. Changes apply to e-mails sent after you save.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <FormField label="E-mail" hint={dirtyKinds.length ? `Unsaved changes: ${dirtyKinds.map((k) => EMAIL_KIND_INFO[k].label).join(', ')}` : undefined}>
            <NativeSelect
              value={kind}
              onChange={(e) => {
                lastField.current = null;
                setKind(e.target.value as EmailKind);
              }}
            >
              {templates.map((t) => (
                <option key={t.kind} value={t.kind}>
                  {t.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex flex-wrap gap-2">
            {saved.isDefault ? <Badge tone="muted">Default text</Badge> : <Badge tone="blue">Customised</Badge>}
            {dirty ? <Badge tone="yellow">Unsaved changes</Badge> : null}
          </div>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="grid min-w-0 content-start gap-4">
            <FormField label="Subject" error={errors[`${kind}.subject`]} required>
              <Input
                ref={subjectRef}
                value={draft.subject}
                maxLength={200}
                aria-required="true"
                onFocus={() => (lastField.current = 'subject')}
                onChange={(e) => edit('subject', e.target.value)}
              />
            </FormField>
            <FormField label="Body" error={errors[`${kind}.body`]} hint={`${BODY_FORMAT}${required ? ` The body must contain ${required}.` : ''}`} required>
              <Textarea
                ref={bodyRef}
                rows={12}
                value={draft.body}
                maxLength={EMAIL_BODY_MAX_LENGTH}
                aria-required="true"
                className="font-mono"
                onFocus={() => (lastField.current = 'body')}
                onChange={(e) => edit('body', e.target.value)}
              />
            </FormField>
            <div className="grid gap-2">
              <p id="email-placeholders-hint" className="text-sm font-medium">
                Placeholders <span className="font-normal text-muted-foreground">(click to insert at the cursor)</span>
              </p>
              <div role="group" aria-labelledby="email-placeholders-hint" className="flex flex-wrap gap-2">
                {info.placeholders.map((name) => (
                  <Button key={name} variant="outline" size="sm" className="font-mono" onClick={() => insert(name)}>
                    {braces(name)}
                  </Button>
                ))}
              </div>
            </div>
          </div>
          <section aria-labelledby="email-preview-heading" className="grid min-w-0 content-start gap-2">
            <h3 id="email-preview-heading" className="text-sm font-medium">
              Preview
            </h3>
            <p className="text-xs text-muted-foreground">With sample values, as the recipient reads it: in the e-mail layout, and as plain text.</p>
            <div className="grid gap-3 rounded-md border bg-muted/40 p-3 text-sm">
              <p className="wrap-anywhere">
                <span className="font-medium">Subject: </span>
                <span data-testid="email-preview-subject">{preview.subject}</span>
              </p>
              <Suspense fallback={<Skeleton className="h-[36rem] w-full" />}>
                <EmailHtmlPreview kind={kind} template={draft} />
              </Suspense>
              <details>
                <summary className="cursor-pointer font-medium">Plain-text version</summary>
                <pre data-testid="email-preview-body" className="mt-2 font-sans whitespace-pre-wrap wrap-anywhere">
                  {preview.body}
                </pre>
              </details>
            </div>
          </section>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Button variant="outline" disabled={(saved.isDefault && !dirty) || update.isPending} onClick={() => setConfirmingReset(true)}>
            Reset to default
          </Button>
          <Button disabled={!dirtyKinds.length || update.isPending} onClick={() => void save()}>
            {update.isPending ? 'Saving...' : 'Save templates'}
          </Button>
        </div>
      </CardContent>
      {confirmingReset ? (
        <ResetDialog
          label={info.label}
          saved={!saved.isDefault}
          pending={update.isPending}
          onConfirm={() => void reset()}
          onCancel={() => setConfirmingReset(false)}
        />
      ) : null}
    </Card>
  );
}

/**
 * The e-mail templates (issue 9, RULES.md 1 emailTemplates): choose an e-mail, edit its subject and body with the
 * placeholders it may use, see it filled with sample values by the code the server sends it with, save or go back to
 * the default. The settings form above shows the loading and the error of the same query.
 */
export function EmailTemplatesCard() {
  const settings = useAdminSettings();
  if (!settings.data?.emailTemplates?.length) return null;
  return <TemplatesEditor templates={settings.data.emailTemplates} />;
}
